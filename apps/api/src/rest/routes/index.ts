// Every REST path of the adapter (spec §7 and the extra paths beyond it), area by area.
// Routes that stream files or read multipart bodies are Fastify plugins beside these.

import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import type { RestRoute } from '../adapter';
import type { ExtraOperation } from '../openapi';
import { materialRawRoutes } from '../raw/materials';
import { unsubscribeRoutes } from '../raw/unsubscribe';
import { bookingWebhookRoutes } from '../raw/booking-webhooks';
import { stripeRawRoutes } from '../raw/stripe';
import { activityRawRoutes } from '../raw/activity';
import { clientPaymentRawRoutes } from '../raw/client-payments';
import { adminActivityRoutes } from './admin-activity';
import { adminEmailRoutes } from './admin-emails';
import { adminIntegrationRoutes } from './admin-integrations';
import { adminPartnerRoutes } from './admin-partners';
import { authRoutes } from './auth';
import { chartRoutes } from './charts';
import { clientPaymentRoutes } from './client-payments';
import { exportRoutes } from '../raw/exports';
import { statementRoutes } from '../raw/statements';
import { commissionRoutes } from './commissions';
import { materialRoutes } from './materials';
import { partnerProfileRoutes } from './partner-profile';
import { programSettingsRoutes } from './program-settings';
import { programTermsRoutes } from './program-terms';
import { referralRoutes } from './referrals';
import { teamRoutes } from './team';
import { leadCaptureRoutes } from './lead-capture';

export const restRoutes: readonly RestRoute[] = [
  ...authRoutes,
  ...partnerProfileRoutes,
  ...referralRoutes,
  ...commissionRoutes,
  ...materialRoutes,
  ...adminPartnerRoutes,
  ...adminEmailRoutes,
  ...adminIntegrationRoutes,
  ...adminActivityRoutes,

  ...chartRoutes,
  ...teamRoutes,
  ...programSettingsRoutes,
  ...programTermsRoutes,
  ...leadCaptureRoutes,
  ...clientPaymentRoutes,
];

/** A route that is not a plain procedure call (file streams, multipart); it documents itself. */
export interface RawRoutes {
  register: (app: FastifyInstance, deps: AppDeps) => void | Promise<void>;
  openapi: readonly ExtraOperation[];
}

export const rawRoutes: readonly RawRoutes[] = [
  materialRawRoutes,
  exportRoutes,
  unsubscribeRoutes,
  activityRawRoutes,
  statementRoutes,
  bookingWebhookRoutes,
  clientPaymentRawRoutes,
  stripeRawRoutes,
];
