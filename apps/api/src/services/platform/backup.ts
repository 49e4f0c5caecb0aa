// Backups of the embedded database: one .tar.gz holding PGlite's data folder, the uploaded files
// and secrets.json (the data key decrypts bank numbers: the archive is as sensitive as DATA_DIR).
//
// Consistency: the dump is taken while this process holds PGlite's only connection (no query and
// no transaction runs), and every upload is opened in that same moment. Files are written before
// their row and removed after it, so each material row in the dump has its file in the archive;
// a file whose row came later is a harmless extra.

import { randomBytes } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  openAsBlob,
  readdirSync,
  renameSync,
  rmSync,
  rmdirSync,
} from 'node:fs';
import { open, readdir, readFile, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { createDb, type DatabaseHandle } from '@portal/db';
import { sql } from 'kysely';
import { packTar, unpackTar, type TarSource } from 'modern-tar/fs';

export const BACKUP_FORMAT = 1;
const DATABASE_ENTRY = 'database.tar';
const MANIFEST_ENTRY = 'manifest.json';
const SECRETS_ENTRY = 'secrets.json';
/** Names storage gives uploads (a UUID and an optional extension). */
const UPLOAD_NAME = /^[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/;
/** The only entries restore unpacks: nothing outside DATA_DIR, no links. */
const ENTRY = /^(manifest\.json|secrets\.json|database\.tar|uploads\/?|uploads\/[0-9a-f-]{36}(\.[a-z0-9]{1,8})?)$/;

export interface BackupManifest {
  format: number;
  createdAt: string;
  uploads: number;
  /** false when the keys come from the environment (JWT_SECRET, DATA_ENCRYPTION_KEY) and not DATA_DIR. */
  secrets: boolean;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

/** The archive as a gzip stream; throws before streaming when the database is not the embedded one. */
export async function createBackupStream(
  handle: DatabaseHandle,
  { dataDir, now = new Date() }: { dataDir: string; now?: Date },
): Promise<Readable> {
  const dump = handle.dumpDataDir;
  if (handle.kind !== 'pglite' || !dump)
    throw new BackupError('Backups cover the embedded database; with DATABASE_URL use pg_dump (see the README).');
  const uploadsDir = join(dataDir, 'uploads');
  const opened: Array<{ name: string; file: FileHandle; size: number }> = [];
  let database: Blob;
  try {
    database = await handle.db.connection().execute(async (connection) => {
      await sql`checkpoint`.execute(connection);
      const blob = await dump();
      const names = existsSync(uploadsDir) ? (await readdir(uploadsDir)).filter((name) => UPLOAD_NAME.test(name)) : [];
      for (const name of names) {
        // A file removed between the listing and here had no row any more: skip it.
        const file = await open(join(uploadsDir, name), 'r').catch(() => null);
        if (!file) continue;
        const info = await file.stat();
        if (info.isFile()) opened.push({ name, file, size: info.size });
        else await file.close();
      }
      return blob;
    });
  } catch (error) {
    await Promise.all(opened.map((entry) => entry.file.close()));
    throw error;
  }
  const secretsFile = join(dataDir, SECRETS_ENTRY);
  const secrets = existsSync(secretsFile) ? await readFile(secretsFile) : null;
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: now.toISOString(),
    uploads: opened.length,
    secrets: secrets !== null,
  };
  const sources: TarSource[] = [
    { type: 'content', target: MANIFEST_ENTRY, content: JSON.stringify(manifest, null, 2), mode: 0o600 },
    { type: 'content', target: DATABASE_ENTRY, content: database, mode: 0o600 },
    ...(secrets ? [{ type: 'content' as const, target: SECRETS_ENTRY, content: secrets, mode: 0o600 }] : []),
    // Up to the size seen in the snapshot: a file still being uploaded then (no row yet) may grow meanwhile.
    ...opened.map(({ name, file, size }) =>
      size === 0
        ? { type: 'content' as const, target: `uploads/${name}`, content: '', mode: 0o600 }
        : {
            type: 'stream' as const,
            target: `uploads/${name}`,
            content: file.createReadStream({ start: 0, end: size - 1 }),
            size,
            mode: 0o600,
          },
    ),
  ];
  const gzip = createGzip();
  const tar = packTar(sources);
  tar.on('error', (error) => gzip.destroy(error));
  gzip.on('close', () => void Promise.all(opened.map((entry) => entry.file.close().catch(() => {}))));
  return tar.pipe(gzip);
}

/** Whether `dataDir` is missing or holds nothing. */
export function isEmptyDir(dataDir: string): boolean {
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

/**
 * Fills an empty (or missing) DATA_DIR from an archive. Everything is unpacked and the database
 * loaded in a sibling folder first, then moved into place: a broken archive leaves DATA_DIR as it was.
 */
export async function restoreBackup(archive: string, dataDir: string): Promise<BackupManifest> {
  if (!isEmptyDir(dataDir))
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty: restore only fills an empty or missing folder. Point DATA_DIR at a new folder (or move the old one away first).`,
    );
  if (!existsSync(archive)) throw new BackupError(`No such archive: ${archive}`);
  mkdirSync(dirname(dataDir), { recursive: true, mode: 0o700 });
  const staging = join(dirname(dataDir), `.${basename(dataDir)}.restore-${randomBytes(4).toString('hex')}`);
  mkdirSync(staging, { mode: 0o700 });
  try {
    try {
      await pipeline(
        createReadStream(archive),
        createGunzip(),
        unpackTar(staging, {
          fmode: 0o600,
          dmode: 0o700,
          filter: (header) => (header.type === 'file' || header.type === 'directory') && ENTRY.test(header.name),
        }),
      );
    } catch (error) {
      throw new BackupError(
        `The archive could not be read (${error instanceof Error ? error.message : String(error)}); is it a backup written by cli backup?`,
      );
    }
    const manifestFile = join(staging, MANIFEST_ENTRY);
    const databaseFile = join(staging, DATABASE_ENTRY);
    if (!existsSync(manifestFile) || !existsSync(databaseFile))
      throw new BackupError('The archive holds no database: is it a backup written by cli backup?');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT)
      throw new BackupError(
        `The archive has format ${String(manifest.format)}; this version reads format ${BACKUP_FORMAT}.`,
      );
    const restored = createDb({ dataDir: join(staging, 'pglite'), loadDataDir: await openAsBlob(databaseFile) });
    try {
      if (!(await restored.ping())) throw new BackupError('The database in the archive does not start.');
    } finally {
      await restored.close();
    }
    rmSync(databaseFile);
    rmSync(manifestFile);
    if (existsSync(dataDir)) rmdirSync(dataDir);
    renameSync(staging, dataDir);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
