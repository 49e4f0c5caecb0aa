// DATA_DIR holds the embedded database (emails, password hashes, bank ciphertexts), secrets.json
// and uploads: only the account running the server may read it. The process umask is narrowed
// before anything is written (PGlite creates its files 0666 and relies on the umask), the folder
// is created 0700, and a tree left readable by an earlier version is tightened at start.

import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Bits of a mode that group and others hold. */
export const SHARED_BITS = 0o077;

export function secureDataDir(dataDir: string): void {
  process.umask(SHARED_BITS);
  if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tighten(dataDir);
}

function tighten(path: string): void {
  const stat = lstatSync(path);
  // A symbolic link's own mode means nothing, and following it could chmod outside DATA_DIR.
  if (stat.isSymbolicLink()) return;
  if (stat.mode & SHARED_BITS) chmodSync(path, stat.mode & 0o700);
  if (stat.isDirectory()) for (const name of readdirSync(path)) tighten(join(path, name));
}
