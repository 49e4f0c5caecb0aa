// The local file storage: keys are its own, paths never leave its folder, and a refused
// (oversized or broken) upload leaves nothing behind.

import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeUpload } from '../src/services/materials';
import { FileTooLargeError, StoredFileNotFoundError, createLocalStorage, type FileStorage } from '../src/services/storage';
import { bearer, createTestApp, createUser, type TestApp } from './helpers';

let root: string;
let storage: FileStorage;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'portal-storage-'));
  storage = createLocalStorage(join(root, 'uploads'));
  // A file beside the storage folder that traversal would reach.
  writeFileSync(join(root, 'secrets.json'), '{"jwtSecret":"do-not-leak"}');
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const kept = () => (existsSync(join(root, 'uploads')) ? readdirSync(join(root, 'uploads')) : []);
const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('local storage', () => {
  it('streams a file in and out under a key of its own', async () => {
    const content = Buffer.from('%PDF-1.4 hello');
    const stored = await storage.put(Readable.from([content]), { maxBytes: 1000, extension: 'pdf' });
    expect(stored.key).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(stored.sizeBytes).toBe(content.length);
    const opened = await storage.open(stored.key);
    expect(opened.sizeBytes).toBe(content.length);
    expect(Buffer.compare(await read(opened.stream), content)).toBe(0);
    await storage.remove(stored.key);
    await expect(storage.open(stored.key)).rejects.toBeInstanceOf(StoredFileNotFoundError);
  });

  it('ignores an extension that could change the path', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('x')]), { maxBytes: 10, extension: '../../evil' });
    expect(stored.key).toMatch(/^[0-9a-f-]{36}$/);
    await storage.remove(stored.key);
  });

  it.each(['../secrets.json', '../../etc/passwd', '/etc/passwd', 'a/../../secrets.json', '..', '', '00000000-0000-0000-0000-000000000000/../../secrets.json'])(
    'refuses the key %j (path traversal)',
    async (key) => {
      await expect(storage.open(key)).rejects.toBeInstanceOf(StoredFileNotFoundError);
      await expect(storage.remove(key)).rejects.toBeInstanceOf(StoredFileNotFoundError);
    },
  );

  it('refuses an oversized file and keeps nothing', async () => {
    const before = kept().length;
    const chunks = Array.from({ length: 11 }, () => Buffer.alloc(100, 1));
    await expect(storage.put(Readable.from(chunks), { maxBytes: 1000 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(kept()).toHaveLength(before);
  });

  it('keeps nothing when the incoming stream breaks', async () => {
    const before = kept().length;
    const broken = new Readable({
      read() {
        this.push(Buffer.alloc(10));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put(broken, { maxBytes: 1000 })).rejects.toThrow('connection reset');
    expect(kept()).toHaveLength(before);
  });
});

describe('storing an upload', () => {
  it('fails and keeps nothing when the upload breaks off midway', async () => {
    const before = kept().length;
    let sent = false;
    const aborted = new Readable({
      read() {
        if (!sent) {
          sent = true;
          this.push(Buffer.from('%PDF-1.4 partial'));
        } else this.destroy(new Error('client aborted'));
      },
    });
    await expect(storeUpload(storage, { stream: aborted, fileName: 'x.pdf' }, 1000)).rejects.toThrow('client aborted');
    expect(kept()).toHaveLength(before);
  });
});

describe('uploads over a real connection', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an oversized upload with a JSON 413 and keeps nothing', async () => {
    const admin = await createUser(t.deps, { role: 'admin' });
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 64 * 1024, 0x20);
    big.write('%PDF-1.4\n');
    const form = new FormData();
    form.append('title', 'Too big');
    form.append('type', 'pdf');
    form.append('file', new Blob([new Uint8Array(big)], { type: 'application/pdf' }), 'big.pdf');
    const res = await fetch(`${base}/api/admin/marketing-materials`, { method: 'POST', headers: await bearer(t.deps, admin), body: form });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
    const uploads = join(t.deps.config.dataDir, 'uploads');
    expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
  });

  it('does not serve files outside the uploads folder', async () => {
    for (const path of ['/api/files/..%2F..%2Fsecrets.json', '/api/files/%2e%2e%2fsecrets.json', '/api/files/....//secrets.json']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(await res.text()).not.toContain('jwtSecret');
    }
  });
});
