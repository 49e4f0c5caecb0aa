// The activity log: every state change writes one row inside the transaction that makes the change.
// The row names the user and, for a call made with an API key, the key (services/platform/actor.ts).
// A change with a before and an after (a status, a deal's fields, a material, settings) records
// them as `details: { before, after, ...rest }` holding only the fields that changed (changeSet),
// so the audit log (activity-log.ts) shows them as a diff.

import type { Db } from '@portal/db';
import type { Transaction } from 'kysely';
import type { Database } from '@portal/db';
import { currentApiKeyId } from './actor';
import type { ActivityEntityType } from '@portal/contracts';

export type DbOrTx = Db | Transaction<Database>;

export interface ActivityEntry {
  /** The user who made the change; null for the system (timers, workers, the CLI). */
  userId: string | null;
  action: string;
  entityType: ActivityEntityType;
  entityId: string | null;
  details?: Record<string, unknown>;
}

export async function logActivity(tx: DbOrTx, entry: ActivityEntry): Promise<void> {
  await tx
    .insertInto('activityLog')
    .values({
      userId: entry.userId,
      // A change made with an API key names the key (services/platform/actor.ts).
      apiKeyId: currentApiKeyId(),
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute();
}

/** How a secret looks in the log: its last four characters at most ("•••• 6789"), never the whole. */
export function maskSecret(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value);
  return `•••• ${text.length > 4 ? text.slice(-4) : ''}`.trimEnd();
}

type Json = string | number | boolean | null;

function comparable(value: unknown): Json {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/**
 * The fields of `next` whose value differs from `current`, as `{ before, after }` for an activity
 * row's details (dates as ISO text). Fields named in `masked` are secrets: both sides are written
 * masked (last four at most), never in clear. Null when nothing changed.
 */
export function changeSet<T extends object>(
  current: T,
  next: { [K in keyof T]?: unknown },
  options: { masked?: readonly (keyof T)[]; omit?: readonly (keyof T)[] } = {},
): { before: Record<string, Json>; after: Record<string, Json> } | null {
  const before: Record<string, Json> = {};
  const after: Record<string, Json> = {};
  for (const key of Object.keys(next) as (keyof T & string)[]) {
    if (next[key] === undefined || options.omit?.includes(key)) continue;
    const was = comparable(current[key]);
    const now = comparable(next[key]);
    if (was === now) continue;
    const secret = options.masked?.includes(key) ?? false;
    before[key] = secret ? maskSecret(was) : was;
    after[key] = secret ? maskSecret(now) : now;
  }
  return Object.keys(after).length > 0 ? { before, after } : null;
}
