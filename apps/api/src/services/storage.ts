// Where uploaded marketing files live. The default keeps them under DATA_DIR/uploads,
// streamed in and out; keys are generated here, never taken from a request.

import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
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
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  }
}

export class StoredFileNotFoundError extends Error {}

const KEY = /^[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/;

export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new StoredFileNotFoundError('No such file');
    const full = resolve(join(base, key));
    if (!full.startsWith(base + sep)) throw new StoredFileNotFoundError('No such file');
    return full;
  };

  return {
    async put(source, { maxBytes, extension, through }) {
      await mkdir(base, { recursive: true, mode: 0o700 });
      const ext = extension && /^[a-z0-9]{1,8}$/.test(extension) ? `.${extension}` : '';
      const key = `${randomUUID()}${ext}`;
      const path = pathOf(key);
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > maxBytes) done(new FileTooLargeError(maxBytes));
          else done(null, chunk);
        },
      });
      try {
        const sink = createWriteStream(path, { flags: 'wx', mode: 0o600 });
        await (through ? pipeline(source, through, counter, sink) : pipeline(source, counter, sink));
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
      return { key, sizeBytes: size };
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
  };
}
