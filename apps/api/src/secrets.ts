// Embedded mode keeps a generated JWT secret and data key in DATA_DIR/secrets.json (mode 600),
// created once, so sessions and encrypted bank details survive restarts.

import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './config';

export interface Secrets {
  jwtSecret: string;
  dataEncryptionKey: string;
}

export function resolveSecrets(config: AppConfig): Secrets {
  if (config.jwtSecret && config.dataEncryptionKey) {
    return { jwtSecret: config.jwtSecret, dataEncryptionKey: config.dataEncryptionKey };
  }
  const file = join(config.dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    jwtSecret: config.jwtSecret ?? stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    dataEncryptionKey: config.dataEncryptionKey ?? stored.dataEncryptionKey ?? randomBytes(32).toString('base64'),
  };
  if (secrets.jwtSecret !== stored.jwtSecret || secrets.dataEncryptionKey !== stored.dataEncryptionKey) {
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return secrets;
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
