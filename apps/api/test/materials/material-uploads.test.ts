// Uploading files (multipart), recognising their type by their bytes, the 25 MB limit, and the
// signed download address: it opens the one file it was made for, and only for a few minutes.
// Run with the local storage and with STORAGE_DRIVER=s3 on a real S3-protocol server, where the
// signed address redirects to a presigned GET of the bucket.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MATERIAL_UPLOAD_MESSAGES, MAX_UPLOAD_BYTES, MESSAGES, materialTitleRequired } from '@portal/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildLogoPng, buildPdf } from '../../src/services/materials';
import type { SessionUser } from '../../src/trpc/context';
import { createTestApp, materialDownloadCount, type TestApp, expectRefusal } from '../support';
import { startTestS3, type TestS3 } from '../support/s3-server';

/** A PDF of `bytes` bytes: its header, then spaces. */
function pdfOfSize(bytes: number): Buffer {
  const pdf = Buffer.alloc(bytes, 0x20);
  pdf.write('%PDF-1.4\n');
  return pdf;
}

describe.each(['local', 's3'] as const)('with %s storage', (driver) => {
  let t: TestApp;
  let admin: SessionUser;
  let adminHeaders: { authorization: string };
  let partnerHeaders: { authorization: string };
  let uploadsDir: string;
  let s3: TestS3 | undefined;

  beforeAll(async () => {
    if (driver === 's3') s3 = await startTestS3();
    t = await createTestApp(s3?.env ?? {});
    admin = await t.createUser({ role: 'admin' });
    adminHeaders = await t.bearer(admin);
    partnerHeaders = await t.bearer((await t.createPartner()).user);
    uploadsDir = join(t.deps.config.dataDir, 'uploads');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });
  beforeEach(() => {
    t.clock.now = new Date();
  });

  const storedFiles = async () => {
    if (s3) return s3.keys();
    try {
      return readdirSync(uploadsDir);
    } catch {
      return [];
    }
  };

  /**
   * GET of a download address as a browser sees it: with object storage the portal answers 302 to
   * a presigned address of the bucket, which is then fetched over HTTP.
   */
  async function getFile(url: string) {
    const res = await t.app.inject({ method: 'GET', url });
    const portalAnswer = {
      statusCode: res.statusCode,
      headers: res.headers as Record<string, string | undefined>,
      body: res.rawPayload,
      json: () => res.json(),
    };
    if (!s3) {
      expect(res.statusCode === 302, 'the local driver streams').toBe(false);
      return portalAnswer;
    }
    if (res.statusCode !== 302) return portalAnswer;
    expect(res.headers['cache-control']).toBe('private, no-store');
    const location = String(res.headers.location);
    expect(location.startsWith(s3.env.S3_ENDPOINT as string)).toBe(true);
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('300');
    const fetched = await fetch(location);
    const body = Buffer.from(await fetched.arrayBuffer());
    return {
      statusCode: fetched.status,
      headers: Object.fromEntries(fetched.headers) as Record<string, string | undefined>,
      body,
      json: () => JSON.parse(body.toString()) as unknown,
    };
  }

  async function multipart(fields: Record<string, string>, file?: { name: string; type: string; content: Buffer }) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file) form.append('file', new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return {
      payload: Buffer.from(await request.arrayBuffer()),
      contentType: request.headers.get('content-type') as string,
    };
  }

  async function upload(
    fields: Record<string, string>,
    file?: { name: string; type: string; content: Buffer },
    headers = adminHeaders,
  ) {
    const body = await multipart(fields, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/marketing-materials',
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  }

  const pdf = buildPdf([{ heading: 'Partner One-Pager', lines: ['$50 per month for basic accounting clients.'] }]);
  const pdfFile = { name: 'one-pager.pdf', type: 'application/pdf', content: pdf };

  async function downloadUrl(id: string, headers = partnerHeaders): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: `/api/marketing-materials/${id}/download`, headers });
    expect(res.statusCode).toBe(200);
    return res.json().url as string;
  }

  describe('uploading a file', () => {
    it('stores a PDF and lets a partner download exactly those bytes through a signed address', async () => {
      const res = await upload({ title: 'Partner One-Pager', description: 'What we do', type: 'pdf' }, pdfFile);
      expect(res.statusCode).toBe(201);
      const material = res.json();
      expect(material).toMatchObject({
        title: 'Partner One-Pager',
        isExternal: false,
        fileName: 'one-pager.pdf',
        contentType: 'application/pdf',
        sizeBytes: pdf.length,
        fileUrl: null,
      });

      const url = await downloadUrl(material.id);
      expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/);
      const file = await getFile(url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toContain('attachment; filename="one-pager.pdf"');
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(Buffer.compare(file.body, pdf)).toBe(0);

      expect(await materialDownloadCount(t.db, material.id)).toBe(1);
    });

    it('recognises the type by the bytes, whatever the name and header claim', async () => {
      const res = await upload(
        { title: 'Logo', type: 'image' },
        { name: 'logo.pdf', type: 'application/pdf', content: buildLogoPng(16) },
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ contentType: 'image/png', fileName: 'logo.png' });
    });

    it('refuses a file whose bytes are not an accepted type (415) and keeps nothing', async () => {
      const before = (await storedFiles()).length;
      const res = await upload(
        { title: 'Script', type: 'pdf' },
        { name: 'fake.pdf', type: 'application/pdf', content: Buffer.from('#!/bin/sh\necho not a pdf\n') },
      );
      expectRefusal(res, 415, MATERIAL_UPLOAD_MESSAGES.fileTypeUnsupported);
      expect(await storedFiles()).toHaveLength(before);
    });

    it('refuses a plain zip that is neither a presentation nor a document', async () => {
      const zip = Buffer.concat([
        Buffer.from([0x50, 0x4b, 0x03, 0x04]),
        Buffer.alloc(200, 1),
        Buffer.from('notes/readme.txt'),
      ]);
      const res = await upload(
        { title: 'Archive', type: 'document' },
        { name: 'a.docx', type: 'application/zip', content: zip },
      );
      expect(res.statusCode).toBe(415);
    });

    it(`refuses a file over ${MAX_UPLOAD_BYTES / 1024 / 1024} MB with 413 and keeps nothing`, async () => {
      const before = (await storedFiles()).length;
      const res = await upload(
        { title: 'Huge deck', type: 'presentation' },
        { name: 'huge.pdf', type: 'application/pdf', content: pdfOfSize(MAX_UPLOAD_BYTES + 1) },
      );
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ message: MATERIAL_UPLOAD_MESSAGES.fileTooLarge, code: 'PAYLOAD_TOO_LARGE' });
      expect(await storedFiles()).toHaveLength(before);
      const rows = await t.db.selectFrom('marketingMaterials').select('id').where('title', '=', 'Huge deck').execute();
      expect(rows).toHaveLength(0);
    });

    it('accepts a file of exactly 25 MB', async () => {
      const res = await upload(
        { title: 'Big but fine', type: 'pdf' },
        { name: 'exact.pdf', type: 'application/pdf', content: pdfOfSize(MAX_UPLOAD_BYTES) },
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().sizeBytes).toBe(MAX_UPLOAD_BYTES);
    });

    it('refuses invalid fields with 400 and the message, keeping no file', async () => {
      const before = (await storedFiles()).length;
      const res = await upload({ title: '', type: 'pdf' }, pdfFile);
      expectRefusal(res, 400, materialTitleRequired);
      expect(await storedFiles()).toHaveLength(before);
    });

    it('asks for a file when none is sent', async () => {
      const res = await upload({ title: 'No file', type: 'pdf' });
      expectRefusal(res, 400, MATERIAL_UPLOAD_MESSAGES.fileRequired);
    });

    it('answers a retried upload under its Idempotency-Key with the first material, keeping one file; other bytes are 422', async () => {
      const before = (await storedFiles()).length;
      const headers = { ...adminHeaders, 'idempotency-key': `upload-${Date.now()}-retry` };
      const first = await upload({ title: 'Retried upload', type: 'pdf' }, pdfFile, headers);
      expect(first.statusCode).toBe(201);
      const retry = await upload({ title: 'Retried upload', type: 'pdf' }, pdfFile, headers);
      expect(retry.statusCode).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      expect(await storedFiles()).toHaveLength(before + 1);

      const otherBytes = { ...pdfFile, content: buildPdf([{ heading: 'Another one-pager', lines: ['Other bytes'] }]) };
      const changed = await upload({ title: 'Retried upload', type: 'pdf' }, otherBytes, headers);
      expectRefusal(changed, 422, MESSAGES.idempotencyKeyReusedForOther);
      expect(await storedFiles()).toHaveLength(before + 1);
      expect(
        await t.db.selectFrom('marketingMaterials').select('id').where('title', '=', 'Retried upload').execute(),
      ).toHaveLength(1);
    });

    it('refuses a body the parser cannot read (no boundary, or cut short in a field or in the file) with 400, keeping nothing', async () => {
      const before = (await storedFiles()).length;
      const materials = await t.db.selectFrom('marketingMaterials').select('id').execute();
      const whole = await multipart({ title: 'Cut short', type: 'pdf' }, pdfFile);
      const cutInFile = whole.payload.subarray(0, whole.payload.length - 200);
      const bodies = [
        { contentType: 'multipart/form-data', payload: Buffer.from('abc') },
        {
          contentType: 'multipart/form-data; boundary=x',
          payload: Buffer.from('--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc'),
        },
        { contentType: whole.contentType, payload: cutInFile },
      ];
      for (const body of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/admin/marketing-materials',
          headers: { ...adminHeaders, 'content-type': body.contentType },
          payload: body.payload,
        });
        expectRefusal(res, 400, MATERIAL_UPLOAD_MESSAGES.uploadUnreadable);
      }
      expect(await storedFiles()).toHaveLength(before);
      expect(await t.db.selectFrom('marketingMaterials').select('id').execute()).toHaveLength(materials.length);
    });

    it('refuses partners (403) and anonymous callers (401) before reading the file', async () => {
      const before = (await storedFiles()).length;
      const asPartner = await upload({ title: 'Mine', type: 'pdf' }, pdfFile, partnerHeaders);
      expectRefusal(asPartner, 403, MESSAGES.adminOnly);
      const body = await multipart({ title: 'Mine', type: 'pdf' }, pdfFile);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/admin/marketing-materials',
        headers: { 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(anonymous.statusCode).toBe(401);
      expect(await storedFiles()).toHaveLength(before);
    });

    it('recognises presentations, documents, JPEG, GIF and MP4', async () => {
      const cases = [
        {
          content: Buffer.concat([
            Buffer.from('PK\x03\x04', 'latin1'),
            Buffer.alloc(64),
            Buffer.from('ppt/presentation.xml'),
          ]),
          type: 'presentation',
          expected: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
          ext: 'pptx',
        },
        {
          content: Buffer.concat([
            Buffer.from('PK\x03\x04', 'latin1'),
            Buffer.alloc(64),
            Buffer.from('word/document.xml'),
          ]),
          type: 'document',
          expected: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          ext: 'docx',
        },
        { content: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), type: 'image', expected: 'image/jpeg', ext: 'jpg' },
        { content: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), type: 'image', expected: 'image/gif', ext: 'gif' },
        {
          content: Buffer.from('\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00', 'latin1'),
          type: 'video',
          expected: 'video/mp4',
          ext: 'mp4',
        },
      ];
      for (const c of cases) {
        const res = await upload(
          { title: `Kind ${c.ext}`, type: c.type },
          { name: `file.bin`, type: 'application/octet-stream', content: c.content },
        );
        expect(res.statusCode, c.ext).toBe(201);
        expect(res.json()).toMatchObject({ contentType: c.expected, fileName: `file.${c.ext}` });
      }
    });
  });

  describe('signed download addresses', () => {
    async function uploaded(title: string) {
      const res = await upload({ title, type: 'pdf' }, pdfFile);
      expect(res.statusCode).toBe(201);
      return res.json<{ id: string }>();
    }

    it('expire after five minutes', async () => {
      const material = await uploaded('Expiring');
      const url = await downloadUrl(material.id);
      t.clock.now = new Date(t.clock.now.getTime() + 4 * 60_000);
      expect((await getFile(url)).statusCode).toBe(200);
      t.clock.now = new Date(t.clock.now.getTime() + 2 * 60_000);
      const late = await getFile(url);
      expectRefusal(late, 403, MATERIAL_UPLOAD_MESSAGES.downloadLinkInvalid);
    });

    it('cannot be reused for another file', async () => {
      const first = await uploaded('First');
      const second = await uploaded('Second');
      const url = await downloadUrl(first.id);
      const forged = url.replace(first.id, second.id);
      expect((await getFile(forged)).statusCode).toBe(403);
    });

    it('stop working once the material no longer has that file', async () => {
      const material = await uploaded('Replaced by a link');
      const url = await downloadUrl(material.id);
      const before = (await storedFiles()).length;
      await t.caller(admin).admin.updateMaterial({
        id: material.id,
        fileUrl: 'https://cdn.example.com/new.pdf',
      });
      expect(await storedFiles()).toHaveLength(before - 1);
      expect((await getFile(url)).statusCode).toBe(403);
      expect(await downloadUrl(material.id)).toBe('https://cdn.example.com/new.pdf');
    });

    it('stop working once the material is deactivated (404), and stay dead when it is reactivated', async () => {
      const material = await uploaded('Withdrawn');
      const url = await downloadUrl(material.id);
      expect((await getFile(url)).statusCode).toBe(200);
      await t.caller(admin).admin.updateMaterial({ id: material.id, isActive: false });
      const gone = await getFile(url);
      expectRefusal(gone, 404, MATERIAL_UPLOAD_MESSAGES.materialNotFound);
      // An admin's preview of the inactive material gets a link of its own, which works.
      const preview = await downloadUrl(material.id, adminHeaders);
      expect((await getFile(preview)).statusCode).toBe(200);
      t.clock.now = new Date(t.clock.now.getTime() + 1000);
      await t.caller(admin).admin.updateMaterial({ id: material.id, isActive: true });
      expect((await getFile(url)).statusCode).toBe(403);
      expect((await getFile(preview)).statusCode).toBe(403);
      expect((await getFile(await downloadUrl(material.id))).statusCode).toBe(200);
    });

    it('answer 404 once the material is deleted', async () => {
      const material = await uploaded('Deleted');
      const url = await downloadUrl(material.id);
      await t.db.deleteFrom('marketingMaterials').where('id', '=', material.id).execute();
      expect((await getFile(url)).statusCode).toBe(404);
    });

    it('answer 404 when the stored file is gone from the storage', async () => {
      const material = await uploaded('Lost file');
      const url = await downloadUrl(material.id);
      const row = await t.row('marketingMaterials', material.id);
      await t.deps.storage.remove(row.storageKey as string);
      const res = await t.app.inject({ method: 'GET', url });
      expectRefusal(res, 404, MATERIAL_UPLOAD_MESSAGES.materialNotFound);
    });

    it('refuse altered, extended or malformed tokens', async () => {
      const material = await uploaded('Tamper target');
      const url = await downloadUrl(material.id);
      const [id, expiry, mac] = url.replace('/api/files/', '').split('.') as [string, string, string];
      const altered = [
        `/api/files/${id}.${Number(expiry) + 3600}.${mac}`,
        `/api/files/${id}.${expiry}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
        `/api/files/${id}.${expiry}`,
        '/api/files/..%2F..%2Fsecrets.json',
        '/api/files/not-a-token',
      ];
      for (const u of altered) {
        const res = await getFile(u);
        expect(res.statusCode, u).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, u).toBeLessThan(500);
        expect(res.headers['content-type']).toMatch(/application\/json/);
      }
    });

    it('are given to admins for inactive materials without counting', async () => {
      const material = await uploaded('Inactive file');
      await t.caller(admin).admin.updateMaterial({ id: material.id, isActive: false });
      const url = await downloadUrl(material.id, adminHeaders);
      expect((await getFile(url)).statusCode).toBe(200);
      expect(await materialDownloadCount(t.db, material.id)).toBe(0);
    });
  });
});
