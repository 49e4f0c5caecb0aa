// DATA_DIR holds the embedded database (emails, password hashes, bank ciphertexts), secrets.json
// and uploads: only the account running the server may read it. The process umask is narrowed
// before anything is written (PGlite creates its files 0666 and relies on the umask), the folder
// is created 0700, and a tree left readable by an earlier version is tightened at start.

import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Bits of a mode that group and others hold. */
export const SHARED_BITS = 0o077;

/** DATA_DIR cannot hold the portal's files: the message names the variable and the reason. */
export class DataDirError extends Error {
  override name = 'DataDirError';
}

export function secureDataDir(dataDir: string): void {
  process.umask(SHARED_BITS);
  try {
    if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if (!statSync(dataDir).isDirectory()) throw new DataDirError(`DATA_DIR ${dataDir} is a file, not a folder.`);
    tighten(dataDir);
  } catch (error) {
    if (error instanceof DataDirError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new DataDirError(
      `DATA_DIR ${dataDir} cannot be used (${code ?? (error instanceof Error ? error.message : String(error))}): it must be a folder this account may create and write.`,
      { cause: error },
    );
  }
}

function tighten(path: string): void {
  const stat = lstatSync(path);
  // A symbolic link's own mode means nothing, and following it could chmod outside DATA_DIR.
  if (stat.isSymbolicLink()) return;
  if (stat.mode & SHARED_BITS) chmodSync(path, stat.mode & 0o700);
  if (stat.isDirectory()) for (const name of readdirSync(path)) tighten(join(path, name));
}
