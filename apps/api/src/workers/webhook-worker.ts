// Delivers webhook events the way the outbox worker delivers mail, with the same claim (claimDue:
// replicas on one database never send a delivery twice); every retry carries the same webhook-id.

import type { AppDeps } from '../deps';
import { logActivity, type DbOrTx } from '../services/platform';
import { claimDue, createPollingWorker, settleClaim, type PollingWorker } from './polling-worker';
import { DELIVERY_TIMEOUT_MS, sendWebhook, webhookIdOf, webhookSecretContext } from '../services/integrations';

/** Waits after the 1st … 7th failed attempt (first retry within ~10 s, then backoff over about a day); an 8th failure marks the delivery failed. */
export const WEBHOOK_RETRY_DELAYS_MS = [
  10_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;
/** Rows one claim takes. */
export const WEBHOOK_BATCH_SIZE = 20;
/** Endpoints delivered to at once; one endpoint's deliveries go out one after another. */
export const WEBHOOK_CONCURRENCY = 8;
/**
 * Longer than the worst case of one claim: every row for one endpoint that answers only at the
 * timeout (20 × 10 s), so no other replica claims a row this one is still sending.
 */
export const WEBHOOK_CLAIM_LEASE_MS = WEBHOOK_BATCH_SIZE * DELIVERY_TIMEOUT_MS + 60_000;

export type WebhookWorker = PollingWorker;

/** An endpoint with no delivery received for this long when one finally fails is paused. */
export const WEBHOOK_PAUSE_AFTER_MS = 24 * 3_600_000;

/**
 * Pauses (disables) an endpoint whose delivery just failed for good when nothing reached it for a
 * day: it is sent nothing more (its deliveries under way wait) instead of each new event failing
 * eight times over a day, and the admin sees it disabled in Integrations; enabling it resumes.
 * Logged as the system's change.
 */
async function pauseIfDead(trx: DbOrTx, endpointId: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - WEBHOOK_PAUSE_AFTER_MS);
  const alive = await trx
    .selectFrom('webhookDeliveries')
    .select('id')
    .where('endpointId', '=', endpointId)
    .where('status', '=', 'delivered')
    .where('deliveredAt', '>', since)
    .limit(1)
    .executeTakeFirst();
  if (alive) return;
  const paused = await trx
    .updateTable('webhookEndpoints')
    .set({ enabled: false, updatedAt: now })
    .where('id', '=', endpointId)
    .where('enabled', '=', true)
    .returning('id')
    .executeTakeFirst();
  if (!paused) return;
  await logActivity(trx, {
    userId: null,
    action: 'webhook.paused',
    entityType: 'webhook',
    entityId: endpointId,
    details: { reason: 'No delivery reached the endpoint for a day; enable it to resume' },
  });
}

interface Claimed {
  id: string;
  eventId: string;
  endpointId: string;
  attempts: number;
}

export function createWebhookWorker(
  deps: AppDeps,
  options: { intervalMs?: number; batchSize?: number } = {},
): WebhookWorker {
  const intervalMs = options.intervalMs ?? 2000;
  const batchSize = Math.min(options.batchSize ?? WEBHOOK_BATCH_SIZE, WEBHOOK_BATCH_SIZE);

  const claim = (): Promise<Claimed[]> =>
    claimDue(deps.db, {
      table: 'webhookDeliveries',
      columns: ['id', 'eventId', 'endpointId', 'attempts'],
      now: deps.now(),
      leaseMs: WEBHOOK_CLAIM_LEASE_MS,
      limit: batchSize,
      // A disabled endpoint's deliveries wait until it is enabled again.
      ready: (eb) =>
        eb.exists(
          eb
            .selectFrom('webhookEndpoints')
            .select('id')
            .whereRef('webhookEndpoints.id', '=', 'webhookDeliveries.endpointId')
            .where('enabled', '=', true),
        ),
    });

  async function deliver(delivery: Claimed): Promise<void> {
    const row = await deps.db
      .selectFrom('webhookDeliveries')
      .innerJoin('webhookEvents', 'webhookEvents.id', 'webhookDeliveries.eventId')
      .innerJoin('webhookEndpoints', 'webhookEndpoints.id', 'webhookDeliveries.endpointId')
      .select(['webhookEvents.payload', 'webhookEndpoints.url', 'webhookEndpoints.secret'])
      .where('webhookDeliveries.id', '=', delivery.id)
      .executeTakeFirst();
    if (!row) return; // the endpoint was deleted meanwhile (its deliveries with it)
    const attemptedAt = deps.now();
    const result = await sendWebhook({
      url: row.url,
      secret: deps.cipher.decrypt(row.secret, webhookSecretContext(delivery.endpointId)),
      webhookId: webhookIdOf(delivery.eventId),
      body: JSON.stringify(row.payload),
      now: attemptedAt,
      allowPrivate: deps.config.webhookAllowPrivateNetworks,
    });
    const delay = WEBHOOK_RETRY_DELAYS_MS[delivery.attempts - 1];
    const recorded = await deps.db.transaction().execute(async (trx) => {
      // The delivery's row first: an endpoint deleted while its event was on the wire took its deliveries
      // with it, and there is nothing left to record the attempt on (a delete that comes later waits for this).
      const still = await trx
        .selectFrom('webhookDeliveries')
        .select('id')
        .where('id', '=', delivery.id)
        .forUpdate()
        .executeTakeFirst();
      if (!still) return false;
      await trx
        .insertInto('webhookAttempts')
        .values({
          deliveryId: delivery.id,
          attemptedAt,
          statusCode: result.statusCode,
          durationMs: result.durationMs,
          error: result.error,
        })
        .execute();
      const settled = result.ok
        ? { status: 'delivered' as const, deliveredAt: deps.now(), lastStatusCode: result.statusCode, lastError: null }
        : delay === undefined
          ? { status: 'failed' as const, lastStatusCode: result.statusCode, lastError: result.error }
          : {
              nextAttemptAt: new Date(deps.now().getTime() + delay),
              lastStatusCode: result.statusCode,
              lastError: result.error,
            };
      await settleClaim(trx, { table: 'webhookDeliveries', claim: delivery, values: settled });
      if (!result.ok && delay === undefined) await pauseIfDead(trx, delivery.endpointId, attemptedAt);
      return true;
    });
    if (recorded && !result.ok) {
      deps.metrics.deliveryFailures.inc({ channel: 'webhook', outcome: delay === undefined ? 'failed' : 'retry' });
      deps.logger.warn(
        { deliveryId: delivery.id, attempts: delivery.attempts, statusCode: result.statusCode, err: result.error },
        'webhook not delivered',
      );
    }
  }

  return createPollingWorker(deps, {
    name: 'webhook',
    intervalMs,
    claim,
    deliver,
    groupBy: (delivery) => delivery.endpointId,
    concurrency: WEBHOOK_CONCURRENCY,
  });
}
