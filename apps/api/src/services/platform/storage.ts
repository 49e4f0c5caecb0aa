// Where uploaded marketing files live. The default keeps them under DATA_DIR/uploads,
// streamed in and out; keys are generated here, never taken from a request. The S3 driver
// (s3-storage.ts) keeps them in a bucket shared by every replica.

import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { MESSAGES } from '@portal/contracts';
import { DomainError } from './errors';
import { join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredFile {
  key: string;
  sizeBytes: number;
}

export interface FileStorage {
  /**
   * Streams a file in; rejects with FileTooLargeError past maxBytes, or with the error of a broken
   * source (nothing is kept then). `through` sees every byte on the way (e.g. a type sniffer).
   */
  put(source: Readable, options: { maxBytes: number; extension?: string; through?: Transform }): Promise<StoredFile>;
  open(key: string): Promise<{ stream: Readable; sizeBytes: number }>;
  remove(key: string): Promise<void>;
  /** A time-limited address the client downloads the file from directly, for drivers that have one. */
  presignedUrl?(key: string, response: { contentType: string; contentDisposition: string }): Promise<string>;
  /** Resolves when the storage takes files (readiness); rejects with a short reason otherwise. */
  check(): Promise<void>;
  /** Releases connections (the S3 client's sockets). */
  close?(): void;
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  }
}

export class StoredFileNotFoundError extends Error {}

const KEY = /^[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/;

/** Refuses any key this module did not generate (StoredFileNotFoundError). */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key)) throw new StoredFileNotFoundError('No such file');
}

/** A fresh key, keeping a short alphanumeric extension. */
export function newStorageKey(extension?: string): string {
  const ext = extension && /^[a-z0-9]{1,8}$/.test(extension) ? `.${extension}` : '';
  return `${randomUUID()}${ext}`;
}

/** Passes bytes on and fails with FileTooLargeError past maxBytes; `size()` is the count so far. */
export function byteCounter(maxBytes: number): Transform & { size(): number } {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) done(new FileTooLargeError(maxBytes));
      else done(null, chunk);
    },
  });
  return Object.assign(counter, { size: () => size });
}

/** A folder that cannot take more bytes (full, over quota, read-only, failing): not the file's fault. */
const DISK_FAILURES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);

/** A disk failure answers 503 in the user's words; anything else (a refused file) stays as it is. */
const asUnavailable = (error: unknown): unknown =>
  DISK_FAILURES.has((error as { code?: string })?.code ?? '')
    ? DomainError.unavailable(MESSAGES.storageUnavailable, error)
    : error;

export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertStorageKey(key);
    const full = resolve(join(base, key));
    if (!full.startsWith(base + sep)) throw new StoredFileNotFoundError('No such file');
    return full;
  };

  return {
    async put(source, { maxBytes, extension, through }) {
      await mkdir(base, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
        throw asUnavailable(error);
      });
      const key = newStorageKey(extension);
      const path = pathOf(key);
      const counter = byteCounter(maxBytes);
      try {
        const sink = createWriteStream(path, { flags: 'wx', mode: 0o600 });
        await (through ? pipeline(source, through, counter, sink) : pipeline(source, counter, sink));
      } catch (error) {
        await rm(path, { force: true });
        throw asUnavailable(error);
      }
      return { key, sizeBytes: counter.size() };
    },
    async open(key) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) throw new StoredFileNotFoundError('No such file');
      return { stream: createReadStream(path), sizeBytes: info.size };
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    /** Writes and removes a small file: a full disk passes a permission check but fails this one. */
    async check() {
      await mkdir(base, { recursive: true, mode: 0o700 });
      const probe = join(base, `.ready-${randomUUID()}`);
      try {
        await writeFile(probe, Buffer.alloc(4096), { mode: 0o600 });
      } finally {
        await unlink(probe).catch(() => {});
      }
    },
  };
}
