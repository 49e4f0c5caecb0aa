// The payloads of the outgoing webhook events: what a receiver gets is `{ type, timestamp, data }` with
// the object's public fields (never bank numbers or a client's email or phone). The server's emitters
// are typed by these schemas, and the OpenAPI document's `webhooks` section is built from them.

import { z } from 'zod';
import { PARTNER_STATUSES, REFERRAL_STAGES, SERVICE_TYPES } from './enums';
import { money, monthKeyString, timestamp } from './fields';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, type WebhookEventType } from './integrations';

/** The public fields of a partner in an event. */
export const partnerEventData = z
  .object({
    id: z.uuid(),
    companyName: z.string(),
    contactName: z.string().nullable(),
    status: z.enum(PARTNER_STATUSES),
    referralCode: z.string().nullable(),
  })
  .meta({ id: 'PartnerEventData' });

/** The public fields of a referral in an event (no client email or phone). */
export const referralEventData = z
  .object({
    id: z.uuid(),
    partnerId: z.uuid(),
    clientCompanyName: z.string(),
    serviceType: z.enum(SERVICE_TYPES),
    stage: z.enum(REFERRAL_STAGES),
    monthlyValue: money,
    commissionAmount: money,
  })
  .meta({ id: 'ReferralEventData' });

const referralSource = z.enum(['partner', 'admin', 'booking', 'lead']);

const commissionsAccruedData = z.object({
  /** The month an accrual run filled; null for an import of client payments (fees of many months). */
  month: monthKeyString.nullable(),
  created: z.number().int(),
  skipped: z.number().int(),
  /** 'import' when a CSV import of client payments earned the fees. */
  source: z.literal('import').optional(),
  /** The client payment that earned the fee, when one recorded payment did. */
  clientPaymentId: z.uuid().optional(),
  partners: z.array(z.object({ partnerId: z.uuid(), count: z.number().int(), amount: money })),
});

/** Each event's `data`, by event type. */
export const WEBHOOK_EVENT_DATA = {
  'partner.applied': partnerEventData,
  'partner.approved': partnerEventData,
  'partner.rejected': z.object({ ...partnerEventData.shape, reason: z.string().nullable() }),
  'partner.suspended': z.object({ ...partnerEventData.shape, reason: z.string().nullable() }),
  'partner.reactivated': partnerEventData,
  'referral.created': z.object({ ...referralEventData.shape, source: referralSource }),
  'referral.stage_changed': z.object({ ...referralEventData.shape, previousStage: z.enum(REFERRAL_STAGES) }),
  'referral.booked': z.object({
    ...referralEventData.shape,
    consultationDate: timestamp,
    source: z.enum(['booking', 'lead']),
    /** Another partner introduced this client first: the referral waits in the conflicts queue. */
    clientAlreadyIntroduced: z.boolean(),
  }),
  'commissions.accrued': commissionsAccruedData,
  'payout.paid': z.object({
    id: z.uuid(),
    reference: z.string(),
    total: money,
    commissionCount: z.number().int(),
    partnerCount: z.number().int(),
    commissionIds: z.array(z.uuid()),
    partnerIds: z.array(z.uuid()),
  }),
  /** A paid commission that failed: marked by an admin (with its amount), or an ACH return (with its payout). */
  'commission.failed': z.object({
    id: z.uuid(),
    partnerId: z.uuid(),
    status: z.literal('failed'),
    failureReason: z.string(),
    referralId: z.uuid().nullable().optional(),
    amount: money.optional(),
    monthYear: monthKeyString.optional(),
    payoutId: z.uuid().optional(),
  }),
  [WEBHOOK_TEST_EVENT]: z.object({ message: z.string(), endpointId: z.uuid() }),
} as const satisfies Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, z.ZodType>;

export type WebhookEventData<T extends keyof typeof WEBHOOK_EVENT_DATA> = z.input<(typeof WEBHOOK_EVENT_DATA)[T]>;

/** What each event means, for the document. */
export const WEBHOOK_EVENT_SUMMARIES: Record<keyof typeof WEBHOOK_EVENT_DATA, string> = {
  'partner.applied': 'A business applied to become a partner',
  'partner.approved': 'An admin approved a partner',
  'partner.rejected': 'An admin rejected an application (with the reason given)',
  'partner.suspended': 'An admin suspended a partner (with the reason given)',
  'partner.reactivated': 'An admin reactivated a suspended partner',
  'referral.created': 'A referral was registered (by a partner or an admin)',
  'referral.stage_changed': "A referral's stage changed",
  'referral.booked': 'A consultation was booked through a partner link or a lead was received',
  'commissions.accrued': 'Commissions were created (an accrual run, a recorded client payment or an import)',
  'payout.paid': 'A payout was processed',
  'commission.failed': 'A paid commission failed (marked failed, or an ACH return)',
  [WEBHOOK_TEST_EVENT]: '"Send test event": sent only to the endpoint it is asked for',
};

/** The name of an event's envelope schema: "referral.stage_changed" → "ReferralStageChangedEvent". */
export const webhookEventSchemaName = (type: string) =>
  `${type
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')}Event`;

type WebhookEventName = keyof typeof WEBHOOK_EVENT_DATA;
const WEBHOOK_EVENT_NAMES: readonly WebhookEventName[] = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT];

/** Each event's whole payload as a receiver gets it, named `<Type>Event` in the document. */
export const WEBHOOK_EVENT_PAYLOADS = {} as Record<WebhookEventName, z.ZodType>;
for (const type of WEBHOOK_EVENT_NAMES) {
  WEBHOOK_EVENT_PAYLOADS[type] = z
    .object({
      type: z.literal(type),
      timestamp: timestamp.meta({ description: 'When the change happened' }),
      data: WEBHOOK_EVENT_DATA[type] as z.ZodType,
    })
    .meta({ id: webhookEventSchemaName(type), description: WEBHOOK_EVENT_SUMMARIES[type] });
}
