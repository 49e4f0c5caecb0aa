// Embedded mode keeps the JWT secret and the data keys in DATA_DIR/secrets.json (mode 600), so sessions
// and encrypted values survive restarts. The file only ever gains keys: a value given in the environment
// is used for the run, and what the file held still works after it (see resolveSecrets).

import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './config';

export interface Secrets {
  jwtSecret: string;
  dataEncryptionKey: string;
  /** Keys that still decrypt: DATA_ENCRYPTION_OLD_KEYS, then the earlier keys secrets.json keeps. */
  dataEncryptionOldKeys: string[];
}

/** What DATA_DIR/secrets.json holds. */
interface StoredSecrets {
  jwtSecret?: string;
  dataEncryptionKey?: string;
  /** Earlier data keys, kept so that values written under them still decrypt. */
  dataEncryptionOldKeys?: string[];
}

const secretsFile = (config: AppConfig) => join(config.dataDir, 'secrets.json');

function readStored(config: AppConfig): StoredSecrets | undefined {
  const file = secretsFile(config);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets) : undefined;
}

function writeStored(config: AppConfig, stored: StoredSecrets): void {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const file = secretsFile(config);
  writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
}

const unique = (keys: Array<string | undefined>): string[] => [
  ...new Set(keys.filter((key): key is string => Boolean(key))),
];

/**
 * The secrets of this run. With DATABASE_URL they come from the environment alone. On the embedded
 * database, DATA_DIR/secrets.json is created once (from the environment's values when given, generated
 * otherwise) and never loses a key:
 * - a JWT_SECRET in the environment signs this run's sessions; the stored secret stays, so a later start
 *   without the variable keeps the sessions it signed;
 * - a DATA_ENCRYPTION_KEY in the environment that differs from the stored key becomes the stored key, and
 *   the one it replaces joins the stored old keys before anything is encrypted under the new one, so
 *   whatever the file holds decrypts every value. `cli reencrypt` retires the old keys once nothing
 *   needs them (retireStoredOldKeys).
 * Both values in the environment and no file: no file is written (the keys live with the environment).
 */
export function resolveSecrets(config: AppConfig): Secrets {
  const fromEnvironment = config.jwtSecret && config.dataEncryptionKey;
  const stored = config.databaseUrl ? undefined : readStored(config);
  if (!stored && (fromEnvironment || config.databaseUrl)) {
    return {
      jwtSecret: config.jwtSecret as string,
      dataEncryptionKey: config.dataEncryptionKey as string,
      dataEncryptionOldKeys: config.dataEncryptionOldKeys,
    };
  }
  const storedOldKeys = stored?.dataEncryptionOldKeys ?? [];
  const dataEncryptionKey = config.dataEncryptionKey ?? stored?.dataEncryptionKey ?? randomBytes(32).toString('base64');
  const next: StoredSecrets = {
    jwtSecret: stored?.jwtSecret ?? config.jwtSecret ?? randomBytes(48).toString('base64url'),
    dataEncryptionKey,
    dataEncryptionOldKeys: unique([stored?.dataEncryptionKey, ...storedOldKeys]).filter(
      (key) => key !== dataEncryptionKey,
    ),
  };
  const changed =
    next.jwtSecret !== stored?.jwtSecret ||
    next.dataEncryptionKey !== stored?.dataEncryptionKey ||
    next.dataEncryptionOldKeys?.join(',') !== storedOldKeys.join(',');
  if (changed) writeStored(config, next.dataEncryptionOldKeys?.length ? next : withoutOldKeys(next));
  else chmodSync(secretsFile(config), 0o600);
  return {
    jwtSecret: config.jwtSecret ?? (next.jwtSecret as string),
    dataEncryptionKey,
    dataEncryptionOldKeys: unique([...config.dataEncryptionOldKeys, ...(next.dataEncryptionOldKeys ?? [])]),
  };
}

const withoutOldKeys = ({ jwtSecret, dataEncryptionKey }: StoredSecrets): StoredSecrets => ({
  jwtSecret,
  dataEncryptionKey,
});

/**
 * Drops the earlier data keys from DATA_DIR/secrets.json, for `cli reencrypt` once every value reads under
 * the current key. Returns how many were dropped.
 */
export function retireStoredOldKeys(config: AppConfig): number {
  if (config.databaseUrl) return 0;
  const stored = readStored(config);
  const count = stored?.dataEncryptionOldKeys?.length ?? 0;
  if (stored && count > 0) writeStored(config, withoutOldKeys(stored));
  return count;
}

/**
 * A value derived from an app's JWT secret, made once per configuration: the secret is resolved (in
 * embedded mode, read from its file) the first time, and the value reused after.
 */
export function fromJwtSecret<T>(derive: (jwtSecret: string) => T): (config: AppConfig) => T {
  const made = new WeakMap<AppConfig, T>();
  return (config) => {
    let value = made.get(config);
    if (value === undefined) {
      value = derive(resolveSecrets(config).jwtSecret);
      made.set(config, value);
    }
    return value;
  };
}
