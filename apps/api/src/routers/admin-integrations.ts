// admin.apiKeys/createApiKey/revokeApiKey and admin.webhooks/...: the Integrations screen.
// The keys need keys:manage, which only the admin role holds and no API key scope names; the webhooks
// need webhooks:manage, the admin role's too and an API key scope, so a tool can manage them without a person.

import {
  apiKeyOutput,
  createApiKeyInput,
  createdApiKeyOutput,
  createWebhookInput,
  idInput,
  updateWebhookInput,
  webhookDeliveryIdInput,
  webhookDeliveriesInput,
  webhookDeliveriesPageOutput,
  webhookOutput,
  webhookWithSecretOutput,
} from '@portal/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { createApiKey, listApiKeys, revokeApiKey } from '../services/integrations';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  resendDelivery,
  sendTestEvent,
  updateWebhook,
  type WebhookDeps,
} from '../services/integrations';
import { permittedProcedure, runIdempotently } from '../trpc/init';

const manage = permittedProcedure('keys:manage');
const manageWebhooks = permittedProcedure('webhooks:manage');
const webhookDeps = (deps: AppDeps): WebhookDeps => ({
  cipher: deps.cipher,
  allowPrivate: deps.config.webhookAllowPrivateNetworks,
});

export const adminIntegrationProcedures = {
  apiKeys: manage.output(z.array(apiKeyOutput)).query(({ ctx }) => listApiKeys(ctx.deps.db)),

  createApiKey: manage
    .input(createApiKeyInput)
    .output(createdApiKeyOutput)
    .mutation(({ ctx, input, path }) =>
      runIdempotently(
        ctx,
        path,
        input,
        (db) => createApiKey(db, { createdBy: ctx.user.id, input, now: ctx.deps.now() }),
        { secretAnswer: true },
      ),
    ),

  revokeApiKey: manage
    .input(idInput)
    .output(z.object({ id: z.uuid(), revoked: z.literal(true) }))
    .mutation(({ ctx, input }) =>
      revokeApiKey(ctx.deps.db, { id: input.id, actorId: ctx.user.id, now: ctx.deps.now() }),
    ),

  webhooks: manageWebhooks.output(z.array(webhookOutput)).query(({ ctx }) => listWebhooks(ctx.deps.db)),

  createWebhook: manageWebhooks
    .input(createWebhookInput)
    .output(webhookWithSecretOutput)
    .mutation(({ ctx, input, path }) =>
      runIdempotently(
        ctx,
        path,
        input,
        (db) => createWebhook(db, { deps: webhookDeps(ctx.deps), actorId: ctx.user.id, input, now: ctx.deps.now() }),
        { secretAnswer: true },
      ),
    ),

  updateWebhook: manageWebhooks
    .input(updateWebhookInput)
    .output(
      webhookOutput.extend({
        secret: z.string().optional().describe('The new secret, only when rotateSecret was asked'),
      }),
    )
    .mutation(({ ctx, input }) =>
      updateWebhook(ctx.deps.db, { deps: webhookDeps(ctx.deps), actorId: ctx.user.id, input, now: ctx.deps.now() }),
    ),

  deleteWebhook: manageWebhooks
    .input(idInput)
    .output(z.object({ id: z.uuid(), deleted: z.literal(true) }))
    .mutation(({ ctx, input }) => deleteWebhook(ctx.deps.db, { actorId: ctx.user.id, id: input.id })),

  webhookDeliveries: manageWebhooks
    .input(webhookDeliveriesInput)
    .output(webhookDeliveriesPageOutput)
    .query(({ ctx, input }) => listDeliveries(ctx.deps.db, input)),

  resendWebhookDelivery: manageWebhooks
    .input(webhookDeliveryIdInput)
    .output(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input, path }) =>
      runIdempotently(ctx, path, input, (db) =>
        resendDelivery(db, {
          actorId: ctx.user.id,
          endpointId: input.id,
          deliveryId: input.deliveryId,
          now: ctx.deps.now(),
        }),
      ),
    ),

  sendWebhookTestEvent: manageWebhooks
    .input(idInput)
    .output(z.object({ eventId: z.uuid() }))
    .mutation(({ ctx, input, path }) =>
      runIdempotently(ctx, path, input, (db) =>
        sendTestEvent(db, { actorId: ctx.user.id, endpointId: input.id, now: ctx.deps.now() }),
      ),
    ),
} satisfies TRPCRouterRecord;
