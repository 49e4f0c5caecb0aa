// File storage, run against both drivers (DATA_DIR/uploads, and an S3 bucket on a real
// S3-protocol server): keys are its own, paths never leave its folder or bucket, and a refused
// (oversized or broken) upload leaves nothing behind.

import { mkdtempSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES, MESSAGES } from '@portal/contracts';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import {
  createS3Storage,
  DomainError,
  FileTooLargeError,
  StoredFileNotFoundError,
  type FileStorage,
} from '../../src/services/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createStorage } from '../../src/deps';
import { buildPdf, storeUpload } from '../../src/services/materials';
import type { SessionUser } from '../../src/trpc/context';
import { createTestApp, type TestApp } from '../support';
import { startTestS3 } from '../support/s3-server';

interface Driver {
  storage: FileStorage;
  /** The app environment selecting this driver. */
  env: Record<string, string>;
  /** What the storage keeps, given the app's DATA_DIR (the local driver's folder). */
  kept(dataDir: string): Promise<string[]>;
  close(): Promise<void>;
}

const localFiles = (dataDir: string) => {
  const uploads = join(dataDir, 'uploads');
  return existsSync(uploads) ? readdirSync(uploads) : [];
};

const DRIVERS: Record<string, (root: string) => Promise<Driver>> = {
  local: async (root) => ({
    storage: createStorage(loadConfig({ DATA_DIR: root })),
    env: {},
    kept: async (dataDir) => localFiles(dataDir),
    close: async () => undefined,
  }),
  s3: async (root) => {
    const s3 = await startTestS3();
    const storage = createStorage(loadConfig({ DATA_DIR: root, ...s3.env }));
    return {
      storage,
      env: s3.env,
      kept: async (dataDir) => [...(await s3.keys()), ...localFiles(dataDir)],
      close: async () => {
        storage.close?.();
        await s3.close();
      },
    };
  },
};

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** A stream that sends `bytes` in 64 KB chunks, then breaks with `message`. */
const breakingAfter = (bytes: number, message: string, first = Buffer.alloc(0)) => {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) {
        this.destroy(new Error(message));
        return;
      }
      const chunk =
        sent === 0 && first.length > 0
          ? Buffer.concat([first, Buffer.alloc(64 * 1024 - first.length, 0x20)])
          : Buffer.alloc(64 * 1024, 0x20);
      sent += chunk.length;
      this.push(chunk);
    },
  });
};

describe.each(Object.keys(DRIVERS))('%s storage', (name) => {
  let root: string;
  let driver: Driver;
  let storage: FileStorage;
  const kept = () => driver.kept(root);
  /** The stored file opens with `content`'s size and bytes; then it is removed. */
  async function expectKeptThenRemove(key: string, content: Buffer) {
    const opened = await storage.open(key);
    expect(opened.sizeBytes).toBe(content.length);
    expect(Buffer.compare(await read(opened.stream), content)).toBe(0);
    await storage.remove(key);
  }

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'portal-storage-'));
    driver = await (DRIVERS[name] as (root: string) => Promise<Driver>)(root);
    storage = driver.storage;
    // A file beside the storage folder that traversal would reach.
    writeFileSync(join(root, 'secrets.json'), '{"jwtSecret":"do-not-leak"}');
  });
  afterAll(async () => {
    await driver?.close();
    rmSync(root, { recursive: true, force: true });
  });

  describe('the driver', () => {
    it('streams a file in and out under a key of its own', async () => {
      const content = Buffer.from('%PDF-1.4 hello');
      const stored = await storage.put(Readable.from([content]), { maxBytes: 1000, extension: 'pdf' });
      expect(stored.key).toMatch(/^[0-9a-f-]{36}\.pdf$/);
      expect(stored.sizeBytes).toBe(content.length);
      await expectKeptThenRemove(stored.key, content);
      await expect(storage.open(stored.key)).rejects.toBeInstanceOf(StoredFileNotFoundError);
    });

    it('ignores an extension that could change the path', async () => {
      const stored = await storage.put(Readable.from([Buffer.from('x')]), { maxBytes: 10, extension: '../../evil' });
      expect(stored.key).toMatch(/^[0-9a-f-]{36}$/);
      await storage.remove(stored.key);
    });

    it.each([
      '../secrets.json',
      '../../etc/passwd',
      '/etc/passwd',
      'a/../../secrets.json',
      '..',
      '',
      '00000000-0000-0000-0000-000000000000/../../secrets.json',
    ])('refuses the key %j (path traversal)', async (key) => {
      await expect(storage.open(key)).rejects.toBeInstanceOf(StoredFileNotFoundError);
      await expect(storage.remove(key)).rejects.toBeInstanceOf(StoredFileNotFoundError);
    });

    it('refuses an oversized file and keeps nothing', async () => {
      const before = (await kept()).length;
      const chunks = Array.from({ length: 11 }, () => Buffer.alloc(100, 1));
      await expect(storage.put(Readable.from(chunks), { maxBytes: 1000 })).rejects.toBeInstanceOf(FileTooLargeError);
      expect(await kept()).toHaveLength(before);
    });

    it('keeps nothing when the incoming stream breaks', async () => {
      const before = (await kept()).length;
      const broken = new Readable({
        read() {
          this.push(Buffer.alloc(10));
          this.destroy(new Error('connection reset'));
        },
      });
      await expect(storage.put(broken, { maxBytes: 1000 })).rejects.toThrow('connection reset');
      expect(await kept()).toHaveLength(before);
    });
  });

  describe('storing an upload', () => {
    it('fails and keeps nothing when the upload breaks off midway', async () => {
      const before = (await kept()).length;
      let sent = false;
      const aborted = new Readable({
        read() {
          if (!sent) {
            sent = true;
            this.push(Buffer.from('%PDF-1.4 partial'));
          } else this.destroy(new Error('client aborted'));
        },
      });
      await expect(
        storeUpload(storage, { file: { stream: aborted, fileName: 'x.pdf' }, maxBytes: 1000 }),
      ).rejects.toThrow('client aborted');
      expect(await kept()).toHaveLength(before);
    });
  });

  describe('beyond one part', () => {
    it('streams a file of several multipart parts in and out', async () => {
      const content = Buffer.alloc(12 * 1024 * 1024 + 17, 0x41);
      content.write('%PDF-1.4\n');
      const stored = await storage.put(Readable.from([content.subarray(0, 7_000_000), content.subarray(7_000_000)]), {
        maxBytes: MAX_UPLOAD_BYTES,
        extension: 'pdf',
      });
      expect(stored.sizeBytes).toBe(content.length);
      await expectKeptThenRemove(stored.key, content);
    });

    it('keeps nothing when an upload breaks off after several parts', async () => {
      const before = (await kept()).length;
      await expect(
        storeUpload(storage, {
          file: {
            stream: breakingAfter(11 * 1024 * 1024, 'client aborted', Buffer.from('%PDF-1.4\n')),
            fileName: 'x.pdf',
          },
          maxBytes: MAX_UPLOAD_BYTES,
        }),
      ).rejects.toThrow('client aborted');
      expect(await kept()).toHaveLength(before);
    });

    it('refuses a file past the limit after several parts and keeps nothing', async () => {
      const before = (await kept()).length;
      await expect(
        storage.put(breakingAfter(MAX_UPLOAD_BYTES + 128 * 1024, 'not reached'), { maxBytes: MAX_UPLOAD_BYTES }),
      ).rejects.toBeInstanceOf(FileTooLargeError);
      expect(await kept()).toHaveLength(before);
    });
  });

  describe('readiness', () => {
    it('answers its check', async () => {
      await expect(storage.check()).resolves.toBeUndefined();
    });
  });

  describe('uploads over a real connection', () => {
    let t: TestApp;
    let base: string;
    beforeAll(async () => {
      t = await createTestApp(driver.env);
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await t.close();
    });

    /** An admin's upload of a PDF material over the connection, as the Materials screen sends it. */
    async function uploadPdf(admin: SessionUser, title: string, pdf: Buffer, fileName: string) {
      const form = new FormData();
      form.append('title', title);
      form.append('type', 'pdf');
      form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), fileName);
      return fetch(`${base}/api/admin/marketing-materials`, {
        method: 'POST',
        headers: await t.bearer(admin),
        body: form,
      });
    }

    it('answers an oversized upload with a JSON 413 and keeps nothing', async () => {
      const admin = await t.createUser({ role: 'admin' });
      const big = Buffer.alloc(MAX_UPLOAD_BYTES + 64 * 1024, 0x20);
      big.write('%PDF-1.4\n');
      const res = await uploadPdf(admin, 'Too big', big, 'big.pdf');
      expect(res.status).toBe(413);
      expect(((await res.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
      expect(await driver.kept(t.deps.config.dataDir)).toEqual([]);
    });

    it('uploads a material and lets a partner download it, following the storage to the bytes', async () => {
      const admin = await t.createUser({ role: 'admin' });
      const partner = await t.createPartner();
      const pdf = buildPdf([{ heading: 'Over the wire', lines: [`Stored with the ${name} driver.`] }]);
      const created = await uploadPdf(admin, `Wire ${name}`, pdf, 'wire.pdf');
      expect(created.status).toBe(201);
      const material = (await created.json()) as { id: string };
      expect(await driver.kept(t.deps.config.dataDir)).toHaveLength(1);

      const issued = await fetch(`${base}/api/marketing-materials/${material.id}/download`, {
        method: 'POST',
        headers: await t.bearer(partner.user),
      });
      expect(issued.status).toBe(200);
      const { url, downloadCount } = (await issued.json()) as { url: string; downloadCount: number };
      expect(downloadCount).toBe(1);
      const first = await fetch(`${base}${url}`, { redirect: 'manual' });
      expect(first.status).toBe(name === 's3' ? 302 : 200);
      await first.body?.cancel();
      const file = await fetch(`${base}${url}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('content-disposition')).toContain('attachment; filename="wire.pdf"');
      expect(Buffer.compare(Buffer.from(await file.arrayBuffer()), pdf)).toBe(0);
      await t.db.deleteFrom('marketingMaterials').where('id', '=', material.id).execute();
      await t.deps.storage.remove((await driver.kept(t.deps.config.dataDir))[0] as string);
    });

    it('does not serve files outside the uploads folder', async () => {
      for (const path of [
        '/api/files/..%2F..%2Fsecrets.json',
        '/api/files/%2e%2e%2fsecrets.json',
        '/api/files/....//secrets.json',
      ]) {
        const res = await fetch(`${base}${path}`);
        expect(res.status, path).toBeGreaterThanOrEqual(400);
        expect(res.status, path).toBeLessThan(500);
        expect(await res.text()).not.toContain('jwtSecret');
      }
    });
  });
});

describe('an S3 endpoint that accepts and never answers', () => {
  let silent: Server;
  let endpoint: string;
  const held = new Set<Socket>();
  beforeAll(async () => {
    // Takes every connection and every byte, and answers nothing.
    silent = createServer((socket) => {
      held.add(socket);
      socket.on('data', () => {});
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('gives up after S3_TIMEOUT_SECONDS and answers 503 with the storage message, for uploads and downloads', async () => {
    const storage = createS3Storage({
      endpoint,
      region: 'us-east-1',
      bucket: 'portal-files',
      accessKeyId: 'key-id',
      secretAccessKey: 'key-secret',
      forcePathStyle: true,
      timeoutMs: 1_000,
    });
    const upload = await storage
      .put(Readable.from([Buffer.from('%PDF-1.4 hello')]), { maxBytes: 1000, extension: 'pdf' })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(upload).toBeInstanceOf(DomainError);
    expect(upload).toMatchObject({ kind: 'unavailable', message: MESSAGES.storageUnavailable });
    const download = await storage.open('01234567-89ab-4def-8123-456789abcdef.pdf').then(
      () => null,
      (error: unknown) => error,
    );
    expect(download).toMatchObject({ kind: 'unavailable', message: MESSAGES.storageUnavailable });
  });
});

describe('STORAGE_DRIVER configuration', () => {
  const s3Env = {
    STORAGE_DRIVER: 's3',
    S3_BUCKET: 'portal-files',
    S3_REGION: 'eu-central-1',
    S3_ACCESS_KEY_ID: 'key-id',
    S3_SECRET_ACCESS_KEY: 'key-secret',
  };

  it('keeps files on the local disk by default', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'local' });
  });

  it('reads the S3 settings', () => {
    expect(loadConfig({ ...s3Env, S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true' }).storage).toEqual({
      driver: 's3',
      endpoint: 'http://minio:9000',
      publicEndpoint: undefined,
      region: 'eu-central-1',
      bucket: 'portal-files',
      accessKeyId: 'key-id',
      secretAccessKey: 'key-secret',
      forcePathStyle: true,
      timeoutMs: 30_000,
    });
  });

  it.each(['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])(
    'names %s when s3 is chosen without it',
    (name) => {
      const env: Record<string, string> = { ...s3Env };
      delete env[name];
      expect(() => loadConfig(env)).toThrow(`${name}: is required with STORAGE_DRIVER=s3`);
    },
  );

  it('names wrong values', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 'gcs' })).toThrow('STORAGE_DRIVER: must be local or s3');
    expect(() => loadConfig({ ...s3Env, S3_ENDPOINT: 'minio:9000' })).toThrow(
      'S3_ENDPOINT: must be an http(s) address',
    );
    expect(() => loadConfig({ ...s3Env, S3_BUCKET: 'No_Such Bucket' })).toThrow('S3_BUCKET: must be a bucket name');
    expect(() => loadConfig({ ...s3Env, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      'S3_FORCE_PATH_STYLE: must be true or false',
    );
  });
});
