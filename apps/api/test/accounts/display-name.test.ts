// A team member's own name: set, changed and removed by the member (REST and tRPC), shown by auth.me and the
// team list, written with its activity row in one transaction, and refused to partners and API keys.

import { activitySentence, MESSAGES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support';

const t = useTestApp();
let seq = 0;
const email = (prefix: string) => `${prefix}-${++seq}@display-name.test`;

const putName = (user: Parameters<typeof t.request>[0], displayName: unknown) =>
  t.request(user, 'PUT', '/api/auth/display-name', { displayName });

describe('a team member names themself', () => {
  it('sets, changes and removes the name; auth.me, the team list and the activity log follow', async () => {
    const finance = await t.createUser({ role: 'finance', email: email('finance') });
    const admin = await t.createUser({ role: 'admin', email: email('admin') });

    const set = await putName(finance, '  Alex Rivera  ');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ displayName: 'Alex Rivera' });
    const me = await t.request(finance, 'GET', '/api/auth/me');
    expect(me.json()).toMatchObject({ email: finance.email, displayName: 'Alex Rivera' });
    const team = await t.request(admin, 'GET', '/api/admin/team');
    const listed = team.json<{ members: { email: string; displayName: string | null }[] }>().members;
    expect(listed.find((member) => member.email === finance.email)?.displayName).toBe('Alex Rivera');
    expect(listed.find((member) => member.email === admin.email)?.displayName).toBeNull();

    expect((await putName(finance, 'Alex R. Rivera')).json()).toEqual({ displayName: 'Alex R. Rivera' });
    const removed = await putName(finance, '   ');
    expect(removed.json()).toEqual({ displayName: null });
    expect((await t.request(finance, 'GET', '/api/auth/me')).json()).toMatchObject({ displayName: null });

    const rows = await t.activityEntries({ action: 'user.display_name_changed', entityId: finance.id });
    expect(rows.map((row) => [row.userId, row.details])).toEqual([
      [finance.id, { before: { displayName: null }, after: { displayName: 'Alex Rivera' } }],
      [finance.id, { before: { displayName: 'Alex Rivera' }, after: { displayName: 'Alex R. Rivera' } }],
      [finance.id, { before: { displayName: 'Alex R. Rivera' }, after: { displayName: null } }],
    ]);
    // The Activity screen reads them as sentences, the name's change in its Changes column.
    const log = await t.caller(admin).admin.activity({ action: 'user.display_name_changed', actor: finance.id });
    const said = log.items.map((entry) => activitySentence({ ...entry, who: entry.actor.name ?? entry.actor.label }));
    expect(said).toEqual([
      `${finance.email} removed their name (was Alex R. Rivera)`,
      `${finance.email} set their name to Alex R. Rivera (was Alex Rivera)`,
      `${finance.email} set their name to Alex Rivera`,
    ]);
    expect(log.items[0]?.changes).toEqual([{ field: 'displayName', before: 'Alex R. Rivera', after: null }]);
  });

  it('comes with the user of every session: sign-in answers it as auth.me does', async () => {
    const member = await t.createUser({ role: 'viewer', email: email('signin'), password: 'viewer-password-1' });
    await putName(member, 'Val Viewer');
    const login = await t.request(null, 'POST', '/api/auth/login', {
      email: member.email,
      password: 'viewer-password-1',
    });
    expect(login.json().user).toMatchObject({ id: member.id, displayName: 'Val Viewer' });
  });

  it('logs nothing when the name is the one already held', async () => {
    const viewer = await t.createUser({ role: 'viewer', email: email('viewer') });
    await putName(viewer, 'Sam Lee');
    const again = await t.caller(viewer).auth.updateDisplayName({ displayName: 'Sam Lee ' });
    expect(again).toEqual({ displayName: 'Sam Lee' });
    expect(await t.activityActions(viewer.id)).toEqual(['user.display_name_changed']);
  });

  it.each([
    ['longer than 100 characters', 'x'.repeat(101), 'The name must be at most 100 characters'],
    ['over two lines', 'Alex\nRivera', 'The name must be a single line without control characters'],
    ['not a text', 42, 'The name must be at most 100 characters'],
  ])('refuses a name %s with 400 and keeps the old one', async (_case, displayName, message) => {
    const admin = await t.createUser({ role: 'admin', email: email('refused') });
    await putName(admin, 'Kept Name');
    const res = await putName(admin, displayName);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    expect((await t.row('users', admin.id)).displayName).toBe('Kept Name');
  });

  it('refuses a partner (403), who is named by its contact name, and leaves its row alone', async () => {
    const partner = await t.createPartner({ email: email('partner') });
    const res = await putName(partner.user, 'Pat Partner');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: MESSAGES.displayNameStaffOnly });
    expect((await t.row('users', partner.user.id)).displayName).toBeNull();
    expect(await t.activityActions(partner.user.id)).not.toContain('user.display_name_changed');
  });
});
