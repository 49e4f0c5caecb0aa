// Webhook events as outbox rows: `enqueueWebhookEvent` is called with the transaction
// of the change it reports, so an event exists exactly when the change commits. One event row,
// one delivery row per enabled endpoint subscribed to its type; the webhook worker delivers them.

import type {
  partnerEventData as partnerEventDataSchema,
  referralEventData as referralEventDataSchema,
} from '@portal/contracts';
import { WEBHOOK_TEST_EVENT, type WebhookEventData, type WebhookEventType } from '@portal/contracts';
import type { z } from 'zod';
import { sql } from 'kysely';
import type { DbOrTx } from '../../platform/activity';

/** What a receiver gets: `{ type, timestamp, data }` with the object's public fields (never bank numbers). */
export interface WebhookPayload {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** The public fields of a partner in an event (`PartnerEventData` in the document). */
export function partnerEventData(row: {
  id: string;
  companyName: string;
  contactName?: string | null;
  status: z.input<typeof partnerEventDataSchema>['status'];
  referralCode?: string | null;
}): z.input<typeof partnerEventDataSchema> {
  return {
    id: row.id,
    companyName: row.companyName,
    contactName: row.contactName ?? null,
    status: row.status,
    referralCode: row.referralCode ?? null,
  };
}

/** The public fields of a referral in an event, no client email or phone (`ReferralEventData`). */
export function referralEventData(
  row: z.input<typeof referralEventDataSchema> & Record<string, unknown>,
): z.input<typeof referralEventDataSchema> {
  return {
    id: row.id,
    partnerId: row.partnerId,
    clientCompanyName: row.clientCompanyName,
    serviceType: row.serviceType,
    stage: row.stage,
    monthlyValue: row.monthlyValue,
    commissionAmount: row.commissionAmount,
  };
}

/**
 * Records an event for every enabled endpoint that subscribed to `type`; nothing when none did.
 * Answers the event id (its `webhook-id` is `msg_<id>`), or null.
 */
export interface WebhookEventRecord<T extends WebhookEventType = WebhookEventType> {
  type: T;
  /** The event's payload data, typed by its schema in the contracts (the document's `webhooks`). */
  data: WebhookEventData<T>;
  now: Date;
}

export async function enqueueWebhookEvent<T extends WebhookEventType>(
  trx: DbOrTx,
  { type, data, now }: WebhookEventRecord<T>,
): Promise<string | null> {
  const endpoints = await trx
    .selectFrom('webhookEndpoints')
    .select('id')
    .where('enabled', '=', true)
    .where(sql<boolean>`events @> ${JSON.stringify([type])}::jsonb`)
    .execute();
  if (endpoints.length === 0) return null;
  return insertEvent(trx, { type, data, now, endpointIds: endpoints.map((e) => e.id) });
}

/** "Send test event": one event to one endpoint, whatever it subscribed to. */
export async function enqueueTestEvent(
  trx: DbOrTx,
  { endpointId, now }: { endpointId: string; now: Date },
): Promise<string> {
  return insertEvent(trx, {
    type: WEBHOOK_TEST_EVENT,
    data: { message: 'A test event from the Partner Portal', endpointId },
    now,
    endpointIds: [endpointId],
  });
}

async function insertEvent(
  trx: DbOrTx,
  { type, data, now, endpointIds }: { type: string; data: object; now: Date; endpointIds: string[] },
): Promise<string> {
  const payload = { type, timestamp: now.toISOString(), data };
  const event = await trx
    .insertInto('webhookEvents')
    .values({ type, payload: JSON.stringify(payload), createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('webhookDeliveries')
    .values(endpointIds.map((endpointId) => ({ eventId: event.id, endpointId, nextAttemptAt: now, createdAt: now })))
    .execute();
  return event.id;
}
