// The audit log: the admin reads the activity log filtered by actor, entity, action and
// time, newest first, paged or as a CSV, each entry naming its actor and showing its before/after.

import {
  SYSTEM_ACTOR,
  SYSTEM_ACTOR_LABEL,
  type ActivityActor,
  type ActivityChange,
  type ActivityEntry,
  type ActivityFilter,
  type ActivityPage,
} from '@portal/contracts';
import type { Db } from '@portal/db';
import { sql, type ExpressionBuilder, type SqlBool, type Expression } from 'kysely';
import type { Database } from '@portal/db';
import { logActivity } from './activity';
import { keysetBatches, type KeysetOrder } from './keyset';
import { csvStream, type CsvColumn } from '../money/exports';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a row knows about who made it: the user, and for a call made with an API key, the key. */
export interface ActorColumns {
  userId: string | null;
  email: string | null;
  /** The partner's contact name, or a team member's display name when they gave one. */
  name: string | null;
  apiKeyId: string | null;
  apiKeyName: string | null;
}

/** The one place that turns a row's principal into the actor the screen and the CSV show. */
export function describeActor(row: ActorColumns): ActivityActor {
  if (row.apiKeyId) {
    return {
      kind: 'apiKey',
      id: row.apiKeyId,
      label: `API key ${row.apiKeyName ?? row.apiKeyId}`,
      email: null,
      name: row.apiKeyName ?? null,
    };
  }
  if (row.userId) {
    const label = row.name && row.email ? `${row.name} <${row.email}>` : (row.email ?? row.name ?? row.userId);
    return { kind: 'user', id: row.userId, label, email: row.email, name: row.name };
  }
  return { kind: 'system', id: null, label: SYSTEM_ACTOR_LABEL, email: null, name: null };
}

const displayValue = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Splits stored details into the before/after pairs (only the fields either side names) and the rest. */
export function splitDetails(details: Record<string, unknown> | null): {
  changes: ActivityChange[];
  details: Record<string, unknown> | null;
} {
  if (!details) return { changes: [], details: null };
  const { before, after, ...rest } = details;
  if (!isRecord(before) && !isRecord(after)) return { changes: [], details };
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return {
    changes: fields.map((field) => ({ field, before: displayValue(was[field]), after: displayValue(now[field]) })),
    details: Object.keys(rest).length > 0 ? rest : null,
  };
}

type Joined = Database & {
  a: Database['activityLog'];
  u: Database['users'];
  p: Database['partners'];
  k: Database['apiKeys'];
};

/** LIKE pattern text with its wildcards taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function matches(eb: ExpressionBuilder<Joined, 'a' | 'u' | 'k'>, filter: ActivityFilter): Expression<SqlBool> {
  const where: Expression<SqlBool>[] = [];
  const actor = filter.actor;
  if (actor !== undefined) {
    if (actor.toLowerCase() === SYSTEM_ACTOR)
      where.push(eb.and([eb('a.userId', 'is', null), eb('a.apiKeyId', 'is', null)]));
    else if (UUID.test(actor))
      where.push(eb.or([eb('a.userId', '=', actor.toLowerCase()), eb('a.apiKeyId', '=', actor.toLowerCase())]));
    else {
      const pattern = `%${literal(actor.toLowerCase())}%`;
      where.push(
        eb.or([
          eb(sql`lower(${eb.ref('u.email')})`, 'like', pattern),
          eb(sql`lower(${eb.ref('u.displayName')})`, 'like', pattern),
          eb(sql`lower(${eb.ref('k.name')})`, 'like', pattern),
        ]),
      );
    }
  }
  if (filter.entityType !== undefined) where.push(eb('a.entityType', '=', filter.entityType));
  if (filter.entityId !== undefined) where.push(eb('a.entityId', '=', filter.entityId));
  // An exact action ("partner.approved") or every action under a prefix ("partner" or "partner.").
  if (filter.action !== undefined) {
    const prefix = filter.action.replace(/\.$/, '');
    where.push(eb.or([eb('a.action', '=', filter.action), eb('a.action', 'like', `${literal(prefix)}.%`)]));
  }
  if (filter.from !== undefined) where.push(eb('a.createdAt', '>=', filter.from));
  // Through the last microsecond of `to`'s millisecond, so a bare day (…T23:59:59.999Z) includes its whole end.
  if (filter.to !== undefined) where.push(eb('a.createdAt', '<', new Date(filter.to.getTime() + 1)));
  return eb.and(where);
}

const base = (db: Db) =>
  db
    .selectFrom('activityLog as a')
    .leftJoin('users as u', 'u.id', 'a.userId')
    .leftJoin('partners as p', 'p.userId', 'a.userId')
    .leftJoin('apiKeys as k', 'k.id', 'a.apiKeyId');

/**
 * The names an entry is read with, joined in the list query itself (scalar subqueries on the page's rows,
 * each by primary key): `subject` is the entity's own name (a partner's company, a referral's or a
 * payment's client, a payout's reference, a material's title…), `partnerName` the partner the entry
 * concerns (the `partnerId` its details carry, else the partner of its entity). Rows of an entity that
 * is gone answer null and are described from their details.
 */
export const ENTRY_NAMES = [
  sql<string | null>`case a.entity_type
    when 'partner' then (select x.company_name from partners x where x.id = a.entity_id)
    when 'referral' then (select x.client_company_name from referrals x where x.id = a.entity_id)
    when 'commission' then (
      select r.client_company_name from commissions c join referrals r on r.id = c.referral_id where c.id = a.entity_id)
    when 'client_payment' then (
      select r.client_company_name from client_payments c join referrals r on r.id = c.referral_id where c.id = a.entity_id)
    when 'payout' then (select x.reference from payouts x where x.id = a.entity_id)
    when 'user' then (
      select coalesce(p.contact_name, u.display_name, u.email) from users u left join partners p on p.user_id = u.id where u.id = a.entity_id)
    when 'material' then (select x.title from marketing_materials x where x.id = a.entity_id)
    when 'api_key' then (select x.name from api_keys x where x.id = a.entity_id)
    when 'webhook' then (select x.url from webhook_endpoints x where x.id = a.entity_id)
    when 'team_invitation' then (select x.email from team_invitations x where x.id = a.entity_id)
    when 'booking' then (select coalesce(x.client_name, x.client_email) from inbound_events x where x.id = a.entity_id)
  end`.as('subject'),
  sql<string | null>`coalesce(
    (select x.company_name from partners x
      where x.id = case when a.details ->> 'partnerId' ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$'
        then (a.details ->> 'partnerId')::uuid end),
    case a.entity_type
      when 'partner' then (select x.company_name from partners x where x.id = a.entity_id)
      when 'referral' then (
        select p.company_name from referrals r join partners p on p.id = r.partner_id where r.id = a.entity_id)
      when 'commission' then (
        select p.company_name from commissions c join partners p on p.id = c.partner_id where c.id = a.entity_id)
      when 'client_payment' then (
        select p.company_name from client_payments c join referrals r on r.id = c.referral_id
          join partners p on p.id = r.partner_id where c.id = a.entity_id)
    end
  )`.as('partnerName'),
] as const;

const ROW = [
  'a.id',
  'a.createdAt',
  'a.action',
  'a.entityType',
  'a.entityId',
  'a.details',
  'a.userId',
  'u.email',
  sql<string | null>`coalesce(p.contact_name, u.display_name)`.as('name'),
  'a.apiKeyId',
  'k.name as apiKeyName',
] as const;

interface Row extends ActorColumns {
  subject: string | null;
  partnerName: string | null;
  id: string;
  createdAt: Date;
  action: string;
  entityType: string;
  entityId: string | null;
  details: Record<string, unknown> | null;
}

function toEntry(row: Row): ActivityEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    subject: row.subject,
    partnerName: row.partnerName,
    actor: describeActor(row),
    ...splitDetails(row.details),
  };
}

export async function listActivity(
  db: Db,
  input: ActivityFilter & { limit: number; offset: number },
): Promise<ActivityPage> {
  const [rows, count] = await Promise.all([
    base(db)
      .select(ROW)
      .select(ENTRY_NAMES)
      .where((eb) => matches(eb, input))
      .orderBy('a.createdAt', 'desc')
      .orderBy('a.id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    base(db)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where((eb) => matches(eb, input))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toEntry), total: Number(count.total), limit: input.limit, offset: input.offset };
}

/** The log newest first: (created_at, id) descending. */
const NEWEST_FIRST: KeysetOrder = { key: sql`a.created_at`, type: 'timestamptz', id: sql`a.id`, direction: 'desc' };

/** Every matching entry, newest first, one short query per batch. */
async function* allEntries(db: Db, filter: ActivityFilter): AsyncGenerator<ActivityEntry> {
  const batches = keysetBatches(
    base(db)
      .select(ROW)
      .select(ENTRY_NAMES)
      .where((eb) => matches(eb, filter)),
    NEWEST_FIRST,
  );
  for await (const batch of batches) yield* batch.map(toEntry);
}

export const ACTIVITY_COLUMNS: CsvColumn[] = [
  { key: 'createdAt', header: 'Time (UTC)' },
  { key: 'actorKind', header: 'Actor Type' },
  { key: 'actor', header: 'Actor' },
  { key: 'actorEmail', header: 'Actor Email' },
  { key: 'action', header: 'Action' },
  { key: 'entityType', header: 'Entity Type' },
  { key: 'entityId', header: 'Entity ID' },
  { key: 'changes', header: 'Changes' },
  { key: 'details', header: 'Details' },
  { key: 'id', header: 'Entry ID' },
];

/** A change as one line of text: "status: pending → active". */
export const changeLine = (change: ActivityChange) =>
  `${change.field}: ${change.before ?? '—'} → ${change.after ?? '—'}`;

/** The filtered log as CSV rows (the exports' formula-safe CSV); the download itself is logged. */
export async function activityCsv(db: Db, { filter, actorId }: { filter: ActivityFilter; actorId: string }) {
  await logActivity(db, {
    userId: actorId,
    action: 'export.downloaded',
    entityType: 'user',
    entityId: null,
    details: {
      kind: 'activity',
      filters: Object.fromEntries(
        Object.entries(filter)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
      ),
    },
  });
  async function* rows() {
    for await (const entry of allEntries(db, filter)) {
      yield {
        createdAt: entry.createdAt,
        actorKind: entry.actor.kind,
        actor: entry.actor.label,
        actorEmail: entry.actor.email,
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId,
        changes: entry.changes.map(changeLine).join('\n'),
        details: entry.details ? JSON.stringify(entry.details) : null,
        id: entry.id,
      };
    }
  }
  return csvStream(ACTIVITY_COLUMNS, rows());
}
