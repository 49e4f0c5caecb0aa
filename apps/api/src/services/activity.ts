// The activity log: every state change writes one row inside the transaction that makes the change.

import type { Db } from '@portal/db';
import type { Transaction } from 'kysely';
import type { Database } from '@portal/db';

export type DbOrTx = Db | Transaction<Database>;

export interface ActivityEntry {
  userId: string | null;
  action: string;
  entityType: 'user' | 'partner' | 'referral' | 'commission' | 'payout' | 'material' | 'email' | 'team_invitation';
  entityId: string | null;
  details?: Record<string, unknown>;
}

export async function logActivity(tx: DbOrTx, entry: ActivityEntry): Promise<void> {
  await tx
    .insertInto('activityLog')
    .values({
      userId: entry.userId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute();
}
