// AES-256-GCM for bank numbers at rest. A value is "keyId:iv:tag:ciphertext" (base64url parts);
// the key id lets a rotated deployment decrypt what older keys wrote.

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface FieldCipher {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  keyId: string;
}

const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

export function createFieldCipher(currentKeyBase64: string, oldKeysBase64: string[] = []): FieldCipher {
  const current = Buffer.from(currentKeyBase64, 'base64');
  if (current.length !== 32) throw new Error('DATA_ENCRYPTION_KEY must be 32 bytes');
  const keys = new Map<string, Buffer>();
  for (const key of [current, ...oldKeysBase64.map((k) => Buffer.from(k, 'base64'))]) keys.set(keyIdOf(key), key);
  const currentId = keyIdOf(current);

  return {
    keyId: currentId,
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [currentId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
    },
    decrypt(stored) {
      const [keyId, iv, tag, data] = stored.split(':');
      const key = keyId ? keys.get(keyId) : undefined;
      if (!key || !iv || !tag || data === undefined) throw new Error('Unreadable encrypted value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** "•••• 6789": the only form in which a bank number leaves the server outside the payout export. */
export function maskLastFour(plain: string | null | undefined): string | null {
  if (!plain) return null;
  return `•••• ${plain.slice(-4)}`;
}
