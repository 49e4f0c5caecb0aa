// The names of the answer schemas in the API's OpenAPI document. Each schema registered here with an
// `id` is emitted once under `#/components/schemas/<id>`, and every operation refers to it with `$ref`;
// `Money` is named where it is declared (./fields). They are registered when the contracts load, so a
// schema converted anywhere (a raw route's) already carries its name.

import { z } from 'zod';
import { activityEntryOutput } from './activity';
import {
  adminMetricsOutput,
  adminPartnerRowOutput,
  partnerActivityEntryOutput,
  partnerCommissionOutput,
  partnerDetailsOutput,
  partnerPayoutLineOutput,
} from './admin';
import { userOutput } from './auth';
import { commissionLineOutput, partnerPayoutDetailOutput, partnerPayoutOutput, taxProfileOutput } from './books';
import {
  clientPaymentOutput,
  importReportOutput,
  missingPaymentOutput,
  unmatchedStripePaymentOutput,
} from './client-payments';
import { commissionOutput, payoutOutput, payoutPreviewOutput, pendingCommissionOutput } from './commission';
import { emailLogEntryOutput, mailPreferencesOutput } from './email';
import {
  apiKeyOutput,
  createdApiKeyOutput,
  webhookAttemptOutput,
  webhookDeliveryOutput,
  webhookOutput,
  webhookWithSecretOutput,
} from './integrations';
import { adminMaterialOutput, materialOutput } from './material';
import { partnerProfileOutput } from './partner';
import { failedCommissionOutput, payoutLineOutput, payoutMethodTotalOutput } from './payment-methods';
import { programSettingsOutput } from './program-settings';
import { partnerAgreementOutput, programTermsOutput, publicProgramTermsOutput } from './program-terms';
import { partnerMetricsOutput, referralConflictOutput, referralOutput } from './referral';
import { teamInvitationOutput, teamMemberOutput } from './team';

/** Each named answer schema and its name in the document. */
export const COMPONENT_SCHEMAS: ReadonlyArray<readonly [string, z.ZodType]> = [
  ['User', userOutput],
  ['Partner', partnerProfileOutput],
  ['PartnerRow', adminPartnerRowOutput],
  ['PartnerDetails', partnerDetailsOutput],
  ['PartnerMetrics', partnerMetricsOutput],
  ['PartnerAgreement', partnerAgreementOutput],
  ['AdminMetrics', adminMetricsOutput],
  ['Referral', referralOutput],
  ['ReferralConflict', referralConflictOutput],
  ['Commission', commissionOutput],
  ['CommissionLine', commissionLineOutput],
  ['PartnerCommission', partnerCommissionOutput],
  ['PendingCommission', pendingCommissionOutput],
  ['FailedCommission', failedCommissionOutput],
  ['Payout', payoutOutput],
  ['PayoutPreview', payoutPreviewOutput],
  ['PayoutLine', payoutLineOutput],
  ['PayoutMethodTotal', payoutMethodTotalOutput],
  ['PartnerPayout', partnerPayoutOutput],
  ['PartnerPayoutDetail', partnerPayoutDetailOutput],
  ['PartnerPayoutLine', partnerPayoutLineOutput],
  ['ClientPayment', clientPaymentOutput],
  ['MissingPayment', missingPaymentOutput],
  ['UnmatchedStripePayment', unmatchedStripePaymentOutput],
  ['ClientPaymentImportReport', importReportOutput],
  ['Material', materialOutput],
  ['AdminMaterial', adminMaterialOutput],
  ['ApiKey', apiKeyOutput],
  ['CreatedApiKey', createdApiKeyOutput],
  ['WebhookEndpoint', webhookOutput],
  ['WebhookEndpointWithSecret', webhookWithSecretOutput],
  ['WebhookDelivery', webhookDeliveryOutput],
  ['WebhookAttempt', webhookAttemptOutput],
  ['ActivityEntry', activityEntryOutput],
  ['PartnerActivityEntry', partnerActivityEntryOutput],
  ['TeamMember', teamMemberOutput],
  ['TeamInvitation', teamInvitationOutput],
  ['ProgramTerms', programTermsOutput],
  ['PublicProgramTerms', publicProgramTermsOutput],
  ['ProgramSettings', programSettingsOutput],
  ['EmailLogEntry', emailLogEntryOutput],
  ['TaxProfile', taxProfileOutput],
  ['MailPreferences', mailPreferencesOutput],
];

for (const [id, schema] of COMPONENT_SCHEMAS) {
  // A module graph loaded twice (tests) finds its schemas already named.
  if (z.globalRegistry.get(schema)?.id !== id) schema.register(z.globalRegistry, { id });
}
