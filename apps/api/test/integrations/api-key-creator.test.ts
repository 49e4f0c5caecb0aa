// The API key list names who created each key: by email, and by name as the activity log does.

import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/trpc/context';
import { useTestApp } from '../support';

const t = useTestApp();
let admin: SessionUser;
let headers: Record<string, string>;

beforeAll(async () => {
  admin = await t.createUser({ role: 'admin' });
  headers = await t.bearer(admin);
});

const createKey = async (name: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/api-keys',
    headers,
    payload: { name, scopes: ['partners:read'] },
  });
  expect(res.statusCode, res.body).toBe(201);
};

const listKeys = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/api-keys', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Array<{ name: string; createdBy: string | null; createdByName: string | null }>>();
};

describe('the API key list', () => {
  it('names the creator by email alone while they have set no name', async () => {
    await createKey('Unnamed creator');
    expect(await listKeys()).toMatchObject([{ name: 'Unnamed creator', createdBy: admin.email, createdByName: null }]);
  });

  it('names the creator by their name and email once they have one', async () => {
    await t.db.updateTable('users').set({ displayName: 'Morgan Lee' }).where('id', '=', admin.id).execute();
    const keys = await listKeys();
    expect(keys.find((key) => key.name === 'Unnamed creator')).toMatchObject({
      createdBy: admin.email,
      createdByName: 'Morgan Lee',
    });
  });
});
