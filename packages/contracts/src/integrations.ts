// Integrations for internal tools: scoped API keys and signed webhooks.

import { z } from 'zod';
import { blankToUndefined, idField, multiLine, requiredString, singleLine, timestamp } from './fields';
import { labelledEnum } from './labelled-enum';
import { pageLimitField, pageOffsetField, pageOutputOf } from './paging';

/** What an API key may be allowed; never team or key management. */
export const { values: API_KEY_SCOPES, labels: API_KEY_SCOPE_LABELS } = labelledEnum([
  ['partners:read', 'Read partners'],
  ['partners:write', 'Change partners'],
  ['referrals:read', 'Read referrals'],
  ['referrals:write', 'Change referrals'],
  ['commissions:read', 'Read commissions'],
  ['commissions:write', 'Change commissions'],
  ['payouts:write', 'Make payouts'],
  ['materials:read', 'Read materials'],
  ['materials:write', 'Change materials'],
  ['exports:read', 'Download exports'],
  ['leads:write', 'Send leads (POST /api/leads)'],
  ['webhooks:manage', 'Manage webhooks and their deliveries'],
]);
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const WEBHOOK_EVENT_TYPES = [
  'partner.applied',
  'partner.approved',
  'partner.rejected',
  'partner.suspended',
  'partner.reactivated',
  'referral.created',
  'referral.stage_changed',
  'referral.booked',
  'commissions.accrued',
  'payout.paid',
  'commission.failed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Sent only by "Send test event", to the one endpoint it is asked for. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const INTEGRATION_MESSAGES = {
  nameRequired: 'A name is required',
  scopesRequired: 'Choose at least one scope',
  unknownScope: 'Unknown scope',
  expiresInPast: 'The expiry must be in the future',
  eventsRequired: 'Choose at least one event',
  unknownEvent: 'Unknown event',
  invalidUrl: 'Enter a valid URL (https://…)',
  keyNotFound: 'API key not found',
  webhookNotFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  keyRevoked: 'This API key has been revoked',
  keyExpired: 'This API key has expired',
  keyInvalid: 'This API key is not valid',
  keyNotAllowed: 'This API key does not have the scope for this request',
} as const;

export const createApiKeyInput = z
  .object({
    name: singleLine(
      'Name',
      requiredString(INTEGRATION_MESSAGES.nameRequired, 100, 'Name must be at most 100 characters'),
    ),
    scopes: z
      .array(z.enum(API_KEY_SCOPES, { error: INTEGRATION_MESSAGES.unknownScope }), {
        error: INTEGRATION_MESSAGES.scopesRequired,
      })
      .min(1, INTEGRATION_MESSAGES.scopesRequired)
      .max(API_KEY_SCOPES.length)
      .transform((scopes) => [...new Set(scopes)]),
    expiresAt: z.preprocess(
      blankToUndefined,
      z.iso.datetime({ offset: true, error: 'expiresAt must be an ISO date and time' }).optional(),
    ),
  })
  .strict();
export type CreateApiKeyInput = z.input<typeof createApiKeyInput>;

export const apiKeyOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdBy: z.string().nullable().describe('Email of the admin who created the key'),
  createdByName: z
    .string()
    .nullable()
    .describe('Name of the admin who created the key, as the activity log names them; null when they set none'),
  createdAt: timestamp,
  lastUsedAt: timestamp.nullable(),
  expiresAt: timestamp.nullable(),
});
export type ApiKey = z.infer<typeof apiKeyOutput>;

export const createdApiKeyOutput = apiKeyOutput
  .pick({ id: true, name: true, prefix: true, scopes: true, expiresAt: true })
  .extend({ key: z.string().describe('The key itself, shown only in this answer') });
export type CreatedApiKey = z.infer<typeof createdApiKeyOutput>;

const webhookUrl = singleLine(
  'URL',
  requiredString(INTEGRATION_MESSAGES.invalidUrl, 2048, 'URL must be at most 2048 characters').refine(
    (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
    INTEGRATION_MESSAGES.invalidUrl,
  ),
);

const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: INTEGRATION_MESSAGES.unknownEvent }), {
    error: INTEGRATION_MESSAGES.eventsRequired,
  })
  .min(1, INTEGRATION_MESSAGES.eventsRequired)
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((events) => [...new Set(events)]);

export const createWebhookInput = z
  .object({
    url: webhookUrl,
    events: webhookEvents,
    description: multiLine(
      'Description',
      z.preprocess(
        blankToUndefined,
        z.string().trim().max(500, 'Description must be at most 500 characters').optional(),
      ),
    ),
  })
  .strict();
export type CreateWebhookInput = z.input<typeof createWebhookInput>;

export const updateWebhookInput = z
  .object({
    id: idField,
    events: webhookEvents.optional(),
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
    rotateSecret: z.boolean({ error: 'rotateSecret must be true or false' }).optional(),
  })
  .strict();

export const webhookOutput = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  createdAt: timestamp,
});
export type Webhook = z.infer<typeof webhookOutput>;

/** A webhook with its signing secret: only when created or when the secret is rotated. */
export const webhookWithSecretOutput = webhookOutput.extend({
  secret: z.string().describe('Standard Webhooks secret (whsec_…), shown only in this answer'),
});

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<(typeof WEBHOOK_DELIVERY_STATUSES)[number], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

export const webhookAttemptOutput = z.object({
  attemptedAt: timestamp,
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
});

export const webhookDeliveryOutput = z.object({
  id: z.uuid(),
  eventId: z.uuid().describe('Sent as webhook-id (msg_<eventId>) on every attempt'),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.array(webhookAttemptOutput),
  nextAttemptAt: timestamp.nullable(),
  createdAt: timestamp,
});
export type WebhookDelivery = z.infer<typeof webhookDeliveryOutput>;

/** One page of an endpoint's deliveries, newest first (50 when no limit is sent). */
export const webhookDeliveriesInput = z.object({ id: idField, limit: pageLimitField(50), offset: pageOffsetField });
export type WebhookDeliveriesInput = z.input<typeof webhookDeliveriesInput>;

export const webhookDeliveriesPageOutput = pageOutputOf(webhookDeliveryOutput);

export const webhookDeliveryIdInput = z.object({ id: idField, deliveryId: idField });
