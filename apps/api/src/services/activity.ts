// The activity log: every state change writes one row inside the transaction that makes the change.
// The row names the user and, for a call made with an API key, the key (services/actor.ts).

import type { Db } from '@portal/db';
import type { Transaction } from 'kysely';
import type { Database } from '@portal/db';
import { currentApiKeyId } from './actor';

export type DbOrTx = Db | Transaction<Database>;

export interface ActivityEntry {
  userId: string | null;
  action: string;
  entityType: 'user' | 'partner' | 'referral' | 'commission' | 'payout' | 'material' | 'email' | 'api_key' | 'webhook';
  entityId: string | null;
  details?: Record<string, unknown>;
}

export async function logActivity(tx: DbOrTx, entry: ActivityEntry): Promise<void> {
  await tx
    .insertInto('activityLog')
    .values({
      userId: entry.userId,
      // A change made with an API key names the key (services/actor.ts).
      apiKeyId: currentApiKeyId(),
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute();
}
