// The admin's webhook endpoints: register (target checked, secret shown once), list, change
// events/enabled, rotate the secret, delete, read deliveries with their attempts, resend, test.

import { randomUUID } from 'node:crypto';
import {
  INTEGRATION_MESSAGES,
  WEBHOOK_EVENT_TYPES,
  type OffsetPage,
  type Webhook,
  type WebhookDelivery,
  type WebhookEventType,
} from '@portal/contracts';
import type { Db } from '@portal/db';
import { sql } from 'kysely';
import type { FieldCipher } from '../../platform/crypto';
import { reencryptSealedColumn } from '../../platform/reencrypt';
import { logActivity } from '../../platform/activity';
import { DomainError } from '../../platform/errors';
import { newWebhookSecret } from './deliver';
import { enqueueTestEvent } from './events';
import { assertTargetAllowed, TargetRefusedError } from './target';

export interface WebhookDeps {
  cipher: FieldCipher;
  allowPrivate: boolean;
}

/** An admin's change to an endpoint. */
interface WebhookChange<Input> {
  deps: WebhookDeps;
  actorId: string;
  input: Input;
  now: Date;
}

/** The cipher context of an endpoint's secret: the row and column it belongs to. */
export const webhookSecretContext = (endpointId: string) => `webhook_endpoints.secret:${endpointId}`;

const eventsOf = (stored: unknown): WebhookEventType[] =>
  (Array.isArray(stored) ? stored : []).filter((e): e is WebhookEventType =>
    (WEBHOOK_EVENT_TYPES as readonly string[]).includes(e as string),
  );

type EndpointRow = {
  id: string;
  url: string;
  description: string | null;
  events: unknown;
  enabled: boolean;
  createdAt: Date;
};
const toWebhook = (row: EndpointRow): Webhook => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: eventsOf(row.events),
  enabled: row.enabled,
  createdAt: new Date(row.createdAt).toISOString(),
});
const ENDPOINT_COLUMNS = ['id', 'url', 'description', 'events', 'enabled', 'createdAt'] as const;

async function checkTarget(url: string, allowPrivate: boolean): Promise<void> {
  try {
    await assertTargetAllowed(url, allowPrivate);
  } catch (error) {
    if (error instanceof TargetRefusedError)
      throw DomainError.invalid(`This webhook URL is refused: ${error.message}`, error);
    throw error;
  }
}

export async function createWebhook(
  db: Db,
  {
    deps,
    actorId,
    input,
    now,
  }: WebhookChange<{ url: string; events: WebhookEventType[]; description?: string | undefined }>,
): Promise<Webhook & { secret: string }> {
  await checkTarget(input.url, deps.allowPrivate);
  const id = randomUUID();
  const secret = newWebhookSecret();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('webhookEndpoints')
      .values({
        id,
        url: input.url,
        description: input.description ?? null,
        events: JSON.stringify(input.events),
        secret: deps.cipher.encrypt(secret, webhookSecretContext(id)),
        createdBy: actorId,
        createdAt: now,
        updatedAt: now,
      } as never)
      .returning(ENDPOINT_COLUMNS)
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      userId: actorId,
      action: 'webhook.created',
      entityType: 'webhook',
      entityId: id,
      details: { url: input.url, events: input.events },
    });
    return { ...toWebhook(row), secret };
  });
}

export async function listWebhooks(db: Db): Promise<Webhook[]> {
  const rows = await db
    .selectFrom('webhookEndpoints')
    .select(ENDPOINT_COLUMNS)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toWebhook);
}

/** Changes events and/or enabled; with rotateSecret a new secret is answered (once). */
export async function updateWebhook(
  db: Db,
  {
    deps,
    actorId,
    input,
    now,
  }: WebhookChange<{
    id: string;
    events?: WebhookEventType[] | undefined;
    enabled?: boolean | undefined;
    rotateSecret?: boolean | undefined;
  }>,
): Promise<Webhook & { secret?: string }> {
  const secret = input.rotateSecret ? newWebhookSecret() : undefined;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('webhookEndpoints')
      .set({
        updatedAt: now,
        ...(input.events ? { events: JSON.stringify(input.events) } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(secret ? { secret: deps.cipher.encrypt(secret, webhookSecretContext(input.id)) } : {}),
      })
      .where('id', '=', input.id)
      .returning(ENDPOINT_COLUMNS)
      .executeTakeFirst();
    if (!row) throw DomainError.notFound(INTEGRATION_MESSAGES.webhookNotFound);
    const changed = [
      ...(input.events ? ['events'] : []),
      ...(input.enabled !== undefined ? ['enabled'] : []),
      ...(secret ? ['secret'] : []),
    ];
    await logActivity(trx, {
      userId: actorId,
      action: 'webhook.updated',
      entityType: 'webhook',
      entityId: row.id,
      details: { changed },
    });
    return { ...toWebhook(row), ...(secret ? { secret } : {}) };
  });
}

export async function deleteWebhook(
  db: Db,
  { actorId, id }: { actorId: string; id: string },
): Promise<{ id: string; deleted: true }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('webhookEndpoints')
      .where('id', '=', id)
      .returning(['id', 'url'])
      .executeTakeFirst();
    if (!row) throw DomainError.notFound(INTEGRATION_MESSAGES.webhookNotFound);
    await logActivity(trx, {
      userId: actorId,
      action: 'webhook.deleted',
      entityType: 'webhook',
      entityId: id,
      details: { url: row.url },
    });
    return { id, deleted: true as const };
  });
}

/** One page of the endpoint's deliveries, newest first, each with its attempts (time, status code, duration, error). */
export async function listDeliveries(
  db: Db,
  { id: endpointId, limit, offset }: { id: string; limit: number; offset: number },
): Promise<OffsetPage<WebhookDelivery>> {
  const endpoint = await db.selectFrom('webhookEndpoints').select('id').where('id', '=', endpointId).executeTakeFirst();
  if (!endpoint) throw DomainError.notFound(INTEGRATION_MESSAGES.webhookNotFound);
  const deliveries = await db
    .selectFrom('webhookDeliveries')
    .innerJoin('webhookEvents', 'webhookEvents.id', 'webhookDeliveries.eventId')
    .select([
      'webhookDeliveries.id',
      'webhookDeliveries.eventId',
      'webhookEvents.type',
      'webhookDeliveries.status',
      'webhookDeliveries.nextAttemptAt',
      'webhookDeliveries.createdAt',
    ])
    .where('webhookDeliveries.endpointId', '=', endpointId)
    .orderBy('webhookDeliveries.createdAt', 'desc')
    .orderBy('webhookDeliveries.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const counted = await db
    .selectFrom('webhookDeliveries')
    .select(sql<number>`count(*)::int`.as('total'))
    .where('endpointId', '=', endpointId)
    .executeTakeFirstOrThrow();
  const attempts =
    deliveries.length === 0
      ? []
      : await db
          .selectFrom('webhookAttempts')
          .select(['deliveryId', 'attemptedAt', 'statusCode', 'durationMs', 'error'])
          .where(
            'deliveryId',
            'in',
            deliveries.map((d) => d.id),
          )
          .orderBy('attemptedAt')
          .orderBy('id')
          .execute();
  const items = deliveries.map((d) => ({
    id: d.id,
    eventId: d.eventId,
    eventType: d.type,
    status: d.status,
    attempts: attempts
      .filter((a) => a.deliveryId === d.id)
      .map((a) => ({
        attemptedAt: new Date(a.attemptedAt).toISOString(),
        statusCode: a.statusCode,
        durationMs: a.durationMs,
        error: a.error,
      })),
    nextAttemptAt: d.status === 'pending' ? new Date(d.nextAttemptAt).toISOString() : null,
    createdAt: new Date(d.createdAt).toISOString(),
  }));
  return { items, total: counted.total, limit, offset };
}

/** Sends the event again to the endpoint: a new delivery of the same event, so the same webhook-id. */
export async function resendDelivery(
  db: Db,
  { actorId, endpointId, deliveryId, now }: { actorId: string; endpointId: string; deliveryId: string; now: Date },
): Promise<{ id: string }> {
  return db.transaction().execute(async (trx) => {
    const original = await trx
      .selectFrom('webhookDeliveries')
      .select(['eventId'])
      .where('id', '=', deliveryId)
      .where('endpointId', '=', endpointId)
      .executeTakeFirst();
    if (!original) throw DomainError.notFound(INTEGRATION_MESSAGES.deliveryNotFound);
    const row = await trx
      .insertInto('webhookDeliveries')
      .values({ eventId: original.eventId, endpointId, nextAttemptAt: now, createdAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      userId: actorId,
      action: 'webhook.resent',
      entityType: 'webhook',
      entityId: endpointId,
      details: { deliveryId, newDeliveryId: row.id },
    });
    return { id: row.id };
  });
}

/** "Send test event": a webhook.test event to this endpoint only, delivered by the worker like any other. */
export async function sendTestEvent(
  db: Db,
  { actorId, endpointId, now }: { actorId: string; endpointId: string; now: Date },
): Promise<{ eventId: string }> {
  return db.transaction().execute(async (trx) => {
    const endpoint = await trx
      .selectFrom('webhookEndpoints')
      .select('id')
      .where('id', '=', endpointId)
      .executeTakeFirst();
    if (!endpoint) throw DomainError.notFound(INTEGRATION_MESSAGES.webhookNotFound);
    const eventId = await enqueueTestEvent(trx, { endpointId, now });
    await logActivity(trx, {
      userId: actorId,
      action: 'webhook.test_sent',
      entityType: 'webhook',
      entityId: endpointId,
      details: { eventId },
    });
    return { eventId };
  });
}

/** `cli reencrypt`: rewrites webhook signing secrets stored under an older key with the current one. */
export function reencryptWebhookSecrets(
  db: Db,
  cipher: FieldCipher,
): Promise<{ rewritten: number; unreadable: string[] }> {
  return reencryptSealedColumn(db, {
    cipher,
    sealed: {
      table: 'webhook_endpoints',
      key: 'id',
      column: 'secret',
      context: webhookSecretContext,
    },
  });
}
