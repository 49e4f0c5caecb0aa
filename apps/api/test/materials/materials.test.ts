// Marketing library through REST and tRPC: who may see and change what, validation, and
// download counting (also under concurrent downloads).

import { MESSAGES, materialTitleRequired, materialTypeRequired, materialUrlInvalid } from '@portal/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { materialDownloadCount, useTestApp, expectRefusal } from '../support';
import type { SessionUser } from '../../src/trpc/context';

const t = useTestApp();
let admin: SessionUser;
let adminHeaders: { authorization: string };

beforeAll(async () => {
  admin = await t.createUser({ role: 'admin' });
  adminHeaders = await t.bearer(admin);
});

const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
/** PATCH /api/admin/marketing-materials/{id}, as the admin unless other headers are given. */
const patchMaterial = (id: string, payload: object, headers = adminHeaders) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/marketing-materials/${id}`, headers, payload });

async function createLink(title: string, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/marketing-materials',
    headers: adminHeaders,
    payload: {
      title,
      description: `About ${title}`,
      type: 'pdf',
      fileUrl: 'https://cdn.example.com/files/one-pager.pdf',
      ...extra,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{
    id: string;
    title: string;
    downloadCount: number;
    isActive: boolean;
    fileUrl: string | null;
    isExternal: boolean;
  }>();
}

describe('publishing a link (JSON)', () => {
  it('creates an external material with 201 and logs it', async () => {
    const material = await createLink('Partner One-Pager');
    expect(material).toMatchObject({
      title: 'Partner One-Pager',
      isExternal: true,
      isActive: true,
      downloadCount: 0,
      fileUrl: 'https://cdn.example.com/files/one-pager.pdf',
    });
    const log = await t.db.selectFrom('activityLog').selectAll().where('entityId', '=', material.id).execute();
    expect(log.map((r) => r.action)).toEqual(['material.created']);
    expect(log[0]?.userId).toBe(admin.id);
  });

  it.each([
    [{ title: '  ', type: 'pdf', fileUrl: 'https://x.example.com/a.pdf' }, materialTitleRequired],
    [{ title: 'Deck', type: 'poster', fileUrl: 'https://x.example.com/a.pdf' }, materialTypeRequired],
    [{ title: 'Deck', type: 'pdf', fileUrl: 'javascript:alert(1)' }, materialUrlInvalid],
    [{ title: 'Deck', type: 'pdf', fileUrl: 'not a url' }, materialUrlInvalid],
  ])('refuses %j with 400 and its message', async (payload, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/marketing-materials',
      headers: adminHeaders,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'BAD_REQUEST' });
  });

  it('refuses partners (403) and anonymous callers (401)', async () => {
    const partner = await t.createPartner();
    const asPartner = await t.request(partner.user, 'POST', '/api/admin/marketing-materials', {
      title: 'Mine',
      type: 'pdf',
      fileUrl: 'https://x.example.com/a.pdf',
    });
    expectRefusal(asPartner, 403, MESSAGES.adminOnly);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/marketing-materials',
      payload: { title: 'Mine', type: 'pdf', fileUrl: 'https://x.example.com/a.pdf' },
    });
    expect(anonymous.statusCode).toBe(401);
    const count = await t.db
      .selectFrom('marketingMaterials')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('title', '=', 'Mine')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses a body that is neither JSON nor multipart with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/marketing-materials',
      headers: { ...adminHeaders, 'content-type': 'text/plain' },
      payload: 'title=x',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('who sees the library', () => {
  it('shows partners active materials only, admins everything', async () => {
    const visible = await createLink('Visible deck');
    const hidden = await createLink('Retired flyer');
    await t.caller(admin).admin.updateMaterial({ id: hidden.id, isActive: false });
    const partner = await t.createPartner();

    const asPartner = await get('/api/marketing-materials', await t.bearer(partner.user));
    expect(asPartner.statusCode).toBe(200);
    const partnerIds = asPartner.json<{ id: string }[]>().map((m) => m.id);
    expect(partnerIds).toContain(visible.id);
    expect(partnerIds).not.toContain(hidden.id);
    // The partner list does not carry the external address: downloads go through the tracked call.
    expect(asPartner.json()[0]).not.toHaveProperty('fileUrl');

    const asAdmin = await get('/api/marketing-materials', adminHeaders);
    expect(asAdmin.json<{ id: string }[]>().map((m) => m.id)).toEqual(expect.arrayContaining([visible.id, hidden.id]));
    const adminList = await get('/api/admin/marketing-materials', adminHeaders);
    expect(adminList.statusCode).toBe(200);
    expect(adminList.json().find((m: { id: string }) => m.id === hidden.id)).toMatchObject({
      isActive: false,
      fileUrl: expect.any(String),
    });
  });

  it.each(['pending', 'suspended', 'inactive', 'rejected'] as const)(
    'refuses a %s partner with 403',
    async (status) => {
      const partner = await t.createPartner({ status });
      const res = await get('/api/marketing-materials', await t.bearer(partner.user));
      expectRefusal(res, 403, MESSAGES.partnerNotActive);
    },
  );

  it('refuses a partner user without a partner record (403) and anonymous callers (401)', async () => {
    const user = await t.createUser({ role: 'partner' });
    expect((await get('/api/marketing-materials', await t.bearer(user))).statusCode).toBe(403);
    expect((await get('/api/marketing-materials')).statusCode).toBe(401);
  });

  it('keeps the admin list from partners', async () => {
    const partner = await t.createPartner();
    const res = await get('/api/admin/marketing-materials', await t.bearer(partner.user));
    expect(res.statusCode).toBe(403);
  });
});

describe('editing', () => {
  it('edits, deactivates and reactivates, logging each change', async () => {
    const material = await createLink('Email templates');
    const edit = await patchMaterial(material.id, {
      title: 'Client email templates',
      type: 'email_template',
      description: '',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      title: 'Client email templates',
      type: 'email_template',
      description: null,
      isActive: true,
    });

    const off = await patchMaterial(material.id, { isActive: false });
    expect(off.json().isActive).toBe(false);
    const on = await patchMaterial(material.id, { isActive: true });
    expect(on.json().isActive).toBe(true);

    expect(await t.activityActions(material.id)).toEqual([
      'material.created',
      'material.updated',
      'material.deactivated',
      'material.activated',
    ]);
  });

  it('answers 404 for an unknown material and 400 for a blank title', async () => {
    const unknown = await patchMaterial('00000000-0000-4000-8000-000000000000', { isActive: false });
    expect(unknown.statusCode).toBe(404);
    const material = await createLink('Logo pack');
    const blank = await patchMaterial(material.id, { title: '' });
    expectRefusal(blank, 400, materialTitleRequired);
  });

  it('refuses partners', async () => {
    const material = await createLink('Not yours');
    const partner = await t.createPartner();
    const res = await patchMaterial(material.id, { isActive: false }, await t.bearer(partner.user));
    expect(res.statusCode).toBe(403);
    const row = await t.row('marketingMaterials', material.id);
    expect(row.isActive).toBe(true);
  });
});

describe('downloads', () => {
  const download = (id: string, headers?: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/marketing-materials/${id}/download`, headers });

  it('counts a partner download, logs it and answers the external address', async () => {
    const material = await createLink('Counted one-pager');
    const partner = await t.createPartner();
    const res = await download(material.id, await t.bearer(partner.user));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: 'https://cdn.example.com/files/one-pager.pdf', downloadCount: 1 });
    const log = await t.activityEntries({ entityId: material.id, action: 'material.downloaded' });
    expect(log).toHaveLength(1);
    expect(log[0]?.userId).toBe(partner.user.id);
  });

  it('counts every one of 20 concurrent downloads', async () => {
    const material = await createLink('Busy deck');
    const partners = await Promise.all(Array.from({ length: 4 }, () => t.createPartner()));
    const headers = await Promise.all(partners.map((p) => t.bearer(p.user)));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => download(material.id, headers[i % 4])));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    // Each download saw its own count: the increments were never lost or merged.
    expect(answers.map((a) => a.json().downloadCount as number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(await materialDownloadCount(t.db, material.id)).toBe(20);
    const logged = await t.activityEntries({ entityId: material.id, action: 'material.downloaded' });
    expect(logged).toHaveLength(20);
  });

  it('counts concurrent downloads through tRPC callers too', async () => {
    const material = await createLink('Caller deck');
    const partner = await t.createPartner();
    const caller = t.caller(partner.user);
    await Promise.all(Array.from({ length: 20 }, () => caller.partner.downloadMaterial({ id: material.id })));
    const [listed] = (await caller.partner.materials()).filter((m) => m.id === material.id);
    expect(listed?.downloadCount).toBe(20);
  });

  it('does not let a partner download an inactive material (404, not counted)', async () => {
    const material = await createLink('Withdrawn');
    await t.caller(admin).admin.updateMaterial({ id: material.id, isActive: false });
    const partner = await t.createPartner();
    const res = await download(material.id, await t.bearer(partner.user));
    expect(res.statusCode).toBe(404);
    expect(await materialDownloadCount(t.db, material.id)).toBe(0);
  });

  it('refuses downloads by inactive partners and anonymous callers', async () => {
    const material = await createLink('Guarded');
    const pending = await t.createPartner({ status: 'pending' });
    expect((await download(material.id, await t.bearer(pending.user))).statusCode).toBe(403);
    expect((await download(material.id)).statusCode).toBe(401);
    expect(await materialDownloadCount(t.db, material.id)).toBe(0);
  });

  it('gives an admin the address without counting the preview, even for an inactive material', async () => {
    const material = await createLink('Admin preview');
    await t.caller(admin).admin.updateMaterial({ id: material.id, isActive: false });
    const res = await download(material.id, adminHeaders);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: 'https://cdn.example.com/files/one-pager.pdf', downloadCount: 0 });
  });

  it('answers 400 for an id that is not a uuid and 404 for an unknown one', async () => {
    const partner = await t.createPartner();
    const headers = await t.bearer(partner.user);
    expect((await download('abc', headers)).statusCode).toBe(400);
    expect((await download('00000000-0000-4000-8000-000000000000', headers)).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the library paths and both bodies of the create route', async () => {
    const doc = await t.openApiDocument();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/marketing-materials',
        '/api/marketing-materials/{id}/download',
        '/api/admin/marketing-materials',
        '/api/admin/marketing-materials/{id}',
        '/api/files/{token}',
      ]),
    );
    const create = doc.paths['/api/admin/marketing-materials'].post;
    expect(Object.keys(create.requestBody.content)).toEqual(['application/json', 'multipart/form-data']);
    expect(create.requestBody.content['multipart/form-data'].schema.required).toContain('file');
    expect(doc.paths['/api/admin/marketing-materials'].get.operationId).toBe('admin.materials');
  });
});
