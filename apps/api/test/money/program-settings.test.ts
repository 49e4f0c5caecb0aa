// Program settings: the agreement's defaults from the start, changes by finance and admins only,
// each change logged with its before and after, and every bad value refused by name.

import { PROGRAM_SETTINGS_MESSAGES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/trpc/context';
import { useTestApp, useClock, useUser } from '../support';

const t = useTestApp();
useClock(t, '2026-11-26T10:00:00Z');
const admin = useUser(t, { role: 'admin' });
const finance = useUser(t, { role: 'finance' });
const viewer = useUser(t, { role: 'viewer' });

const get = (user: SessionUser) => t.request(user, 'GET', '/api/admin/program-settings');
const patch = (user: SessionUser, payload: Record<string, unknown>) =>
  t.request(user, 'PATCH', '/api/admin/program-settings', payload);

describe('program settings', () => {
  it('start with the agreement defaults: fees follow client payments, no minimum, no hold, the 1st', async () => {
    const response = await get(viewer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      feeBasis: 'clientPayment',
      minimumPayout: '0.00',
      payoutHoldDays: 0,
      payoutDay: 1,
      updatedBy: null,
    });
  });

  it('are changed by finance, the change answered, logged with before and after', async () => {
    const response = await patch(finance, { minimumPayout: '25', payoutHoldDays: 5 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ minimumPayout: '25.00', payoutHoldDays: 5, payoutDay: 1 });
    expect((await get(admin)).json().updatedBy).toEqual(expect.stringContaining('@'));
    const log = await t.activityEntries({ entityType: 'program_settings' });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'program_settings_updated',
      userId: finance.id,
      details: {
        before: { minimumPayout: '0.00', payoutHoldDays: 0 },
        after: { minimumPayout: '25.00', payoutHoldDays: 5 },
      },
    });
  });

  it('are not changed by a viewer', async () => {
    const response = await patch(viewer, { payoutDay: 15 });
    expect(response.statusCode).toBe(403);
    expect((await get(admin)).json().payoutDay).toBe(1);
  });

  it.each([
    [{ feeBasis: 'monthly' }, PROGRAM_SETTINGS_MESSAGES.feeBasis],
    [{ minimumPayout: '-1.00' }, PROGRAM_SETTINGS_MESSAGES.minimumPayout],
    [{ minimumPayout: '12.345' }, PROGRAM_SETTINGS_MESSAGES.minimumPayout],
    [{ minimumPayout: '100000.01' }, PROGRAM_SETTINGS_MESSAGES.minimumPayout],
    [{ payoutHoldDays: 366 }, PROGRAM_SETTINGS_MESSAGES.payoutHoldDays],
    [{ payoutHoldDays: 1.5 }, PROGRAM_SETTINGS_MESSAGES.payoutHoldDays],
    [{ payoutDay: 0 }, PROGRAM_SETTINGS_MESSAGES.payoutDay],
    [{ payoutDay: 29 }, PROGRAM_SETTINGS_MESSAGES.payoutDay],
    [{ supportEmail: 'not an address' }, PROGRAM_SETTINGS_MESSAGES.supportEmail],
    [{}, PROGRAM_SETTINGS_MESSAGES.nothingToChange],
  ])('refuse %j with its message and change nothing', async (payload, message) => {
    const before = (await get(admin)).json();
    const response = await patch(admin, payload);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
    expect((await get(admin)).json()).toEqual(before);
  });

  it('take the edges: a hold of 365 days, the 28th, a minimum of 100,000.00 and the other basis', async () => {
    const response = await patch(admin, {
      payoutHoldDays: 365,
      payoutDay: 28,
      minimumPayout: '100000.00',
      feeBasis: 'activeMonth',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      payoutHoldDays: 365,
      payoutDay: 28,
      minimumPayout: '100000.00',
      feeBasis: 'activeMonth',
    });
  });

  it('keep a support address that an empty value clears, and show it to a partner on partner.me', async () => {
    const set = await patch(admin, { supportEmail: 'partners@ledgerline.example' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ supportEmail: 'partners@ledgerline.example' });
    const partner = await t.createPartner({ status: 'rejected' });
    const me = await t.request(partner.user, 'GET', '/api/partners/me');
    expect(me.json()).toMatchObject({ status: 'rejected', supportEmail: 'partners@ledgerline.example' });
    const cleared = await patch(admin, { supportEmail: '' });
    expect(cleared.json()).toMatchObject({ supportEmail: null });
  });
});
