// Audit log: GET /api/admin/activity and admin.activity filter the activity log by actor,
// entity, action and time, page it with X-Total-Count, name each entry's actor (user, system) and
// show before/after; GET /api/admin/activity.csv exports the same filter formula-safe.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hasActivitySentence, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '@portal/contracts';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeSet, logActivity, describeActor } from '../../src/services/platform';
import { appRouter } from '../../src/trpc/router';
import { apiDir, type PartnerFixture, useTestApp } from '../support';
import type { SessionUser } from '../../src/trpc/context';

const t = useTestApp();
let admin: SessionUser;
let partner: PartnerFixture;
let adminHeaders: Record<string, string>;

const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 9, day, hour));

beforeAll(async () => {
  admin = await t.createUser({ role: 'admin', email: 'auditor@example.com' });
  partner = await t.createPartner({
    status: 'pending',
    contactName: 'Ada Lovelace',
    email: 'ada@analytical.example',
  });
  adminHeaders = await t.bearer(admin);
});

const get = (url: string, headers: Record<string, string> = adminHeaders) =>
  t.app.inject({ method: 'GET', url, headers });
type Entry = {
  id: string;
  action: string;
  entityType: string;
  entityId: string | null;
  createdAt: string;
  actor: { kind: string; label: string; email: string | null; name: string | null };
  changes: { field: string; before: string | null; after: string | null }[];
  details: Record<string, unknown> | null;
};

describe('before and after', () => {
  it('shows a partner approval as a status change by the admin who made it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/partners/${partner.partnerId}/approve`,
      headers: adminHeaders,
    });
    expect(res.statusCode, res.body).toBe(200);
    const log = await get(`/api/admin/activity?entityId=${partner.partnerId}&action=partner.approved`);
    expect(log.statusCode, log.body).toBe(200);
    const [entry] = log.json<Entry[]>();
    expect(entry).toMatchObject({
      action: 'partner.approved',
      entityType: 'partner',
      entityId: partner.partnerId,
      actor: { kind: 'user', label: 'auditor@example.com', email: 'auditor@example.com', name: null },
      changes: [{ field: 'status', before: 'pending', after: 'active' }],
    });
  });

  it("shows a deal's stage move with only the fields that changed (moving it out of booked accepts it)", async () => {
    const referralId = await t.createReferral(partner.partnerId, { stage: 'booked' });
    await t.caller(admin).admin.updateReferral({ id: referralId, stage: 'qualified', notes: 'Called twice' });
    const page = await t.caller(admin).admin.activity({ entityType: 'referral', entityId: referralId });
    expect(page.total).toBe(1);
    expect(page.items[0]?.changes).toEqual([
      { field: 'notes', before: null, after: 'Called twice' },
      { field: 'stage', before: 'booked', after: 'qualified' },
      { field: 'acceptedAt', before: null, after: expect.any(String) },
      { field: 'qualifiesBy', before: null, after: expect.any(String) },
      { field: 'termsVersion', before: null, after: '1' },
    ]);
    expect(page.items[0]?.details).toEqual({ partnerId: partner.partnerId });
  });

  it('shows a material edit field by field', async () => {
    const caller = t.caller(admin);
    const material = await caller.admin.createMaterial({
      title: 'Old deck',
      type: 'presentation',
      fileUrl: 'https://example.com/deck.pptx',
    });
    await caller.admin.updateMaterial({ id: material.id, title: 'New deck' });
    const page = await caller.admin.activity({ entityId: material.id, action: 'material.updated' });
    expect(page.items.map((entry) => entry.changes)).toEqual([
      [{ field: 'title', before: 'Old deck', after: 'New deck' }],
    ]);
  });

  it('records secrets masked on both sides, never in clear', () => {
    const change = changeSet(
      { bankName: 'First Bank', bankAccountNumber: '000123456789' },
      { bankName: 'Second Bank', bankAccountNumber: '000987654321' },
      { masked: ['bankAccountNumber'] },
    );
    expect(change).toEqual({
      before: { bankName: 'First Bank', bankAccountNumber: '•••• 6789' },
      after: { bankName: 'Second Bank', bankAccountNumber: '•••• 4321' },
    });
    expect(JSON.stringify(change)).not.toContain('000987654321');
    expect(changeSet({ bankName: 'Same' }, { bankName: 'Same' })).toBeNull();
  });
});

describe('names', () => {
  it('answers each entry with its entity’s name and its partner’s, joined in the list query', async () => {
    const nimbus = await t.createPartner({ companyName: 'Nimbus Referrals', contactName: 'Nia Cloud' });
    const referralId = await t.createReferral(nimbus.partnerId, {
      stage: 'proposal',
      clientCompanyName: 'Nimbus Pet Supply',
    });
    const asAdmin = t.caller(admin);
    await asAdmin.admin.updateReferral({ id: referralId, stage: 'won' });
    await asAdmin.admin.addAdjustment({ partnerId: nimbus.partnerId, amount: '-25.00', reason: 'Client refunded' });

    const moved = await asAdmin.admin.activity({ entityId: referralId });
    expect(moved.items.map((entry) => [entry.action, entry.subject, entry.partnerName])).toEqual([
      ['referral.stage_changed', 'Nimbus Pet Supply', 'Nimbus Referrals'],
    ]);
    const clawback = await asAdmin.admin.activity({ action: 'commission.clawback_added' });
    expect(clawback.items[0]).toMatchObject({ partnerName: 'Nimbus Referrals', details: { amount: '-25.00' } });

    const onPage = await asAdmin.admin.partnerActivity({ partnerId: nimbus.partnerId, limit: 50 });
    expect(onPage.items.find((entry) => entry.action === 'referral.stage_changed')).toMatchObject({
      subject: 'Nimbus Pet Supply',
      actorEmail: 'auditor@example.com',
      actorName: null,
    });
  });
});

describe('the log in words', () => {
  it('has a sentence of its own for every action the server writes', () => {
    const sources = readdirSync(join(apiDir, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => readFileSync(join(apiDir, 'src', file), 'utf8'));
    // An action is a dotted literal on its entity's prefix ('material.deactivated', also inside a ternary); the
    // other dotted literals of those prefixes are procedure paths and webhook event names.
    const prefixes =
      'user|partner|referral|commissions?|payouts?|material|email|api_key|webhook|team|client_payments?|program_(?:terms|settings)|tax_profile|demo|export';
    const literal = new RegExp(`'((?:${prefixes})\\.[a-z_]+)'`, 'g');
    const notActions = new Set<string>([
      ...Object.keys(appRouter._def.procedures),
      ...WEBHOOK_EVENT_TYPES,
      WEBHOOK_TEST_EVENT,
    ]);
    const logged = sources.flatMap((source) => [...source.matchAll(literal)].map((match) => match[1] as string));
    const actions = [...new Set(logged)].filter((action) => !notActions.has(action) || isLoggedToo(action, sources));
    expect(actions.length).toBeGreaterThan(70);
    expect(actions.filter((action) => !hasActivitySentence(action))).toEqual([]);
  });
});

/** A webhook event that is also an activity action ('partner.approved'): logged as `action: '…'` somewhere. */
const isLoggedToo = (name: string, sources: string[]) => sources.some((source) => source.includes(`action: '${name}'`));

describe('actors', () => {
  it('names a partner by contact name and email, and the system for rows without a user', async () => {
    await logActivity(t.db, {
      userId: null,
      action: 'commissions.accrued',
      entityType: 'commission',
      entityId: null,
      details: { month: '2026-09', created: 2, skipped: 0 },
    });
    const system = await t.caller(admin).admin.activity({ actor: 'system', action: 'commissions' });
    expect(system.items[0]?.actor).toEqual({
      kind: 'system',
      id: null,
      label: 'System (timer / worker)',
      email: null,
      name: null,
    });

    await t.caller(partner.user).partner.updateMailPreferences({ monthlySummary: false });
    const mine = await t.caller(admin).admin.activity({
      actor: 'ADA@analytical',
      action: 'user.mail_preferences_changed',
    });
    expect(mine.total).toBe(1);
    expect(mine.items[0]?.actor).toEqual({
      kind: 'user',
      id: partner.user.id,
      label: 'Ada Lovelace <ada@analytical.example>',
      email: 'ada@analytical.example',
      name: 'Ada Lovelace',
    });
    expect(mine.items[0]?.changes).toEqual([{ field: 'monthlySummary', before: 'true', after: 'false' }]);
  });

  it("finds a team member's rows by (part of) the name they gave, and names them by it", async () => {
    const named = await t.createUser({ role: 'finance', email: 'grace@team.example' });
    await t.caller(named).auth.updateDisplayName({ displayName: 'Grace Hopper' });
    const found = await t.caller(admin).admin.activity({ actor: 'grace HOP' });
    expect(found.items.map((entry) => [entry.action, entry.actor.label])).toEqual([
      ['user.display_name_changed', 'Grace Hopper <grace@team.example>'],
    ]);
  });

  it('names an API key by its name once rows carry one', () => {
    expect(
      describeActor({ userId: null, email: null, name: null, apiKeyId: 'key-1', apiKeyName: 'CRM sync' }),
    ).toMatchObject({ kind: 'apiKey', label: 'API key CRM sync' });
  });
});

describe('filters and paging', () => {
  let probe: PartnerFixture;
  beforeAll(async () => {
    probe = await t.createPartner({ status: 'active', email: 'probe@example.com' });
    // Seven entries about one partner on 1..7 October, the first three by the admin, the rest by the system.
    for (let day = 1; day <= 7; day++) {
      await t.db
        .insertInto('activityLog')
        .values({
          userId: day <= 3 ? admin.id : null,
          action: day % 2 ? 'probe.odd' : 'probe.even',
          entityType: 'partner',
          entityId: probe.partnerId,
          details: JSON.stringify({ day }),
          createdAt: at(day),
        })
        .execute();
    }
  });

  const days = (entries: Entry[]) => entries.map((entry) => entry.details?.day);

  it('pages newest first with the total in X-Total-Count and a next link', async () => {
    const first = await get(`/api/admin/activity?entityId=${probe.partnerId}&limit=3`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('7');
    expect(days(first.json())).toEqual([7, 6, 5]);
    expect(first.headers.link).toContain('offset=3');
    const last = await get(`/api/admin/activity?entityId=${probe.partnerId}&limit=3&offset=6`);
    expect(days(last.json())).toEqual([1]);
    expect(last.headers.link).not.toContain('rel="next"');
    expect(last.headers.link).toContain('offset=3>; rel="prev"');
  });

  it('filters by action (exact or prefix), actor, entity type and dates, counting what matches', async () => {
    const cases: [string, number[]][] = [
      ['action=probe.odd', [7, 5, 3, 1]],
      ['action=probe', [7, 6, 5, 4, 3, 2, 1]],
      ['action=probe.', [7, 6, 5, 4, 3, 2, 1]],
      ['action=prob', []],
      [`actor=${admin.id}`, [3, 2, 1]],
      ['actor=auditor%40example', [3, 2, 1]],
      ['actor=system', [7, 6, 5, 4]],
      ['entityType=partner&from=2026-10-03&to=2026-10-05', [5, 4, 3]],
      ['to=2026-10-02', [2, 1]],
      ['from=2026-10-06T12:00:00Z', [7, 6]],
      ['from=2026-10-06T13:00:00%2B02:00&to=2026-10-06T12:00:00Z', [6]],
      ['entityType=referral', []],
    ];
    for (const [query, expected] of cases) {
      const res = await get(`/api/admin/activity?entityId=${probe.partnerId}&${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      expect(days(res.json()), query).toEqual(expected);
      expect(res.headers['x-total-count'], query).toBe(String(expected.length));
    }
  });

  it('takes blank filters as no filter', async () => {
    const res = await get(`/api/admin/activity?entityId=${probe.partnerId}&actor=&action=&from=&to=&entityType=`);
    expect(res.headers['x-total-count']).toBe('7');
  });

  it('refuses a malformed filter with a 400 naming it', async () => {
    const cases: [string, string][] = [
      ['from=2026-13-01', 'from must be a date (YYYY-MM-DD) or a date and time (ISO 8601 with a time zone)'],
      ['from=2026-02-30', 'from must be a date (YYYY-MM-DD) or a date and time (ISO 8601 with a time zone)'],
      ['to=yesterday', 'to must be a date (YYYY-MM-DD) or a date and time (ISO 8601 with a time zone)'],
      ['from=2026-10-01T12:00:00', 'from must be a date (YYYY-MM-DD) or a date and time (ISO 8601 with a time zone)'],
      ['from=2026-10-05&to=2026-10-04', 'to must not be before from'],
      ['entityId=not-a-uuid', 'entityId must be a UUID'],
      [
        'entityType=invoice',
        'entityType must be one of user, partner, referral, commission, payout, material, email, api_key, webhook, team_invitation, program_settings, client_payment, program_terms, booking',
      ],
      ['limit=0', 'limit must be at least 1'],
      ['limit=101', 'limit must be at most 100'],
      ['limit=ten', 'limit must be a whole number'],
      ['offset=-1', 'offset must be at least 0'],
      [
        'actor=a%0Ab',
        "actor must be 'system', a user id, or (part of) a name or an email address, at most 254 characters",
      ],
      [`action=${'x'.repeat(101)}`, 'action must be a single line of at most 100 characters'],
    ];
    for (const [query, message] of cases) {
      // The CSV takes the same filters; it has no paging.
      const paths = /^(limit|offset)=/.test(query)
        ? ['/api/admin/activity']
        : ['/api/admin/activity', '/api/admin/activity.csv'];
      for (const path of paths) {
        const res = await get(`${path}?${query}`);
        expect(res.statusCode, `${path}?${query}: ${res.body}`).toBe(400);
        expect(res.json().message, `${path}?${query}`).toBe(message);
      }
    }
  });

  it('answers 401 without a session and 403 to a partner, on the list and the CSV', async () => {
    for (const path of ['/api/admin/activity', '/api/admin/activity.csv']) {
      expect((await get(path, {})).statusCode).toBe(401);
      expect((await get(path, await t.bearer(partner.user))).statusCode).toBe(403);
    }
    await expect(t.caller(partner.user).admin.activity({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(t.caller(null).admin.activity({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('the CSV export', () => {
  it('exports the filtered entries newest first, formula-safe, and logs the download', async () => {
    const target = await t.createPartner({ status: 'active' });
    await logActivity(t.db, {
      userId: admin.id,
      action: 'partner.updated',
      entityType: 'partner',
      entityId: target.partnerId,
      details: {
        before: { companyName: 'Acme' },
        after: { companyName: '=HYPERLINK("http://evil.example")' },
        note: '+1\n@SUM(A1)',
      },
    });
    // A second earlier: two rows of the same millisecond (the embedded database's clock) would order by their random ids.
    await t.db
      .updateTable('activityLog')
      .set({ createdAt: sql`created_at - interval '1 second'` })
      .where('entityId', '=', target.partnerId)
      .execute();
    await logActivity(t.db, {
      userId: null,
      action: 'partner.checked',
      entityType: 'partner',
      entityId: target.partnerId,
    });

    const res = await get(`/api/admin/activity.csv?entityId=${target.partnerId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows: string[][] = parse(res.body, {
      record_delimiter: '\r\n',
      relax_column_count: false,
      relax_quotes: false,
    });
    expect(rows[0]).toEqual([
      'Time (UTC)',
      'Actor Type',
      'Actor',
      'Actor Email',
      'Action',
      'Entity Type',
      'Entity ID',
      'Changes',
      'Details',
      'Entry ID',
    ]);
    expect(rows).toHaveLength(3);
    expect(rows.slice(1).map((row) => [row[1], row[4]])).toEqual([
      ['system', 'partner.checked'],
      ['user', 'partner.updated'],
    ]);
    const updated = rows[2] ?? [];
    expect(updated[7]).toBe('companyName: Acme → =HYPERLINK("http://evil.example")');
    for (const row of rows)
      for (const cell of row) for (const line of cell.split(/\r?\n/)) expect(line, cell).not.toMatch(/^[=+\-@\t\r]/);
    // Every cell is quoted (headers too), as in the other exports.
    expect(res.body.split('\r\n')[0]).toBe(
      '"Time (UTC)","Actor Type","Actor","Actor Email","Action","Entity Type","Entity ID","Changes","Details","Entry ID"',
    );

    const logged = await t.caller(admin).admin.activity({ action: 'export.downloaded', actor: admin.id });
    expect(logged.items[0]?.details).toEqual({ kind: 'activity', filters: { entityId: target.partnerId } });
  });
});
