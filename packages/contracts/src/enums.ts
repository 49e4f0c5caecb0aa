// Enumerations of spec §3 with their labels. Every list of values lives here.

import { labelledEnum } from './labelled-enum';

/** The roles of the admin team: everything; money and exports; read-only. */
export const { values: ADMIN_ROLES, labels: ADMIN_ROLE_LABELS } = labelledEnum([
  ['admin', 'Admin'],
  ['finance', 'Finance'],
  ['viewer', 'Viewer'],
]);
export type AdminRole = (typeof ADMIN_ROLES)[number];
export const ADMIN_ROLE_DESCRIPTIONS: Record<AdminRole, string> = {
  admin: 'Everything, including the team',
  finance: 'Commissions, accrual, payouts and exports; reads partners and referrals',
  viewer: 'Read-only screens and lists; no exports with bank data',
};
export const isAdminRole = (role: string): role is AdminRole => (ADMIN_ROLES as readonly string[]).includes(role);
/** Every user is one of the admin team or a partner. */
export const USER_ROLES = [...ADMIN_ROLES, 'partner'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const { values: COMPANY_TYPES, labels: COMPANY_TYPE_LABELS } = labelledEnum([
  ['agency', 'Agency'],
  ['consultant', 'Consultant'],
  ['saas', 'SaaS Company'],
  ['influencer', 'Influencer'],
  ['client', 'Client'],
  ['cfo', 'CFO'],
  ['marketing_agency', 'Marketing Agency'],
  ['other', 'Other'],
]);
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const EXPECTED_VOLUMES = [
  '1-2 referrals/month',
  '3-5 referrals/month',
  '5-10 referrals/month',
  '10+ referrals/month',
] as const;
export type ExpectedVolume = (typeof EXPECTED_VOLUMES)[number];

export const { values: PAYMENT_METHODS, labels: PAYMENT_METHOD_LABELS } = labelledEnum([
  ['Wire', 'Wire Transfer'],
  ['ACH', 'ACH'],
  ['PayPal', 'PayPal'],
]);
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The registration form offers wire transfer only (spec §2). */
export const REGISTRATION_PAYMENT_METHODS = ['Wire'] as const;

export const { values: BANK_ACCOUNT_TYPES, labels: BANK_ACCOUNT_TYPE_LABELS } = labelledEnum([
  ['checking', 'Checking'],
  ['savings', 'Savings'],
]);
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

export const { values: PARTNER_STATUSES, labels: PARTNER_STATUS_LABELS } = labelledEnum([
  ['pending', 'Pending'],
  ['active', 'Active'],
  ['inactive', 'Inactive'],
  ['suspended', 'Suspended'],
  ['rejected', 'Rejected'],
]);
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

export const { values: SERVICE_TYPES, labels: SERVICE_TYPE_LABELS } = labelledEnum([
  ['basic_accounting', 'Basic Accounting'],
  ['controller', 'Controller'],
]);
export type ServiceType = (typeof SERVICE_TYPES)[number];
/** The flat monthly commission per service (agreement: Standard and Controller packages). */
export const COMMISSION_BY_SERVICE: Record<ServiceType, string> = { basic_accounting: '50.00', controller: '100.00' };

export const { values: REFERRAL_STAGES, labels: REFERRAL_STAGE_LABELS } = labelledEnum([
  ['booked', 'Booked'],
  ['qualified', 'Qualified'],
  ['proposal', 'Proposal'],
  ['won', 'Won'],
  ['lost', 'Lost'],
]);
export type ReferralStage = (typeof REFERRAL_STAGES)[number];

/** `voided`: a pending commission cancelled with a reason; like `failed`, it counts in no total. */
export const { values: COMMISSION_STATUSES, labels: COMMISSION_STATUS_LABELS } = labelledEnum([
  ['pending', 'Pending'],
  ['paid', 'Paid'],
  ['failed', 'Failed'],
  ['voided', 'Voided'],
]);
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/** `recurring`: the monthly accrual; `bonus` and `clawback`: an admin's positive or negative adjustment. */
export const { values: COMMISSION_KINDS, labels: COMMISSION_KIND_LABELS } = labelledEnum([
  ['recurring', 'Recurring'],
  ['bonus', 'Bonus'],
  ['clawback', 'Clawback'],
]);
export type CommissionKind = (typeof COMMISSION_KINDS)[number];

export const { values: MATERIAL_TYPES, labels: MATERIAL_TYPE_LABELS } = labelledEnum([
  ['pdf', 'PDF'],
  ['presentation', 'Presentation'],
  ['email_template', 'Email Template'],
  ['image', 'Image'],
  ['video', 'Video'],
  ['document', 'Document'],
]);
export type MaterialType = (typeof MATERIAL_TYPES)[number];

export const LANDING_SERVICES = ['basic', 'cfo'] as const;
export type LandingService = (typeof LANDING_SERVICES)[number];
/** The landing page's service cards as the pipeline's service types. */
export const SERVICE_OF_LANDING: Record<LandingService, ServiceType> = { basic: 'basic_accounting', cfo: 'controller' };
/**
 * A booked or sent-in lead's monthly value until the deal is priced: the landing page's list price
 * of its service (Basic Accounting $500, Fractional CFO / Controller $1,500).
 */
export const LIST_PRICE_BY_SERVICE: Record<ServiceType, string> = { basic_accounting: '500.00', controller: '1500.00' };

/** Where a referral came from, in the admin's words (`referralSource`). */
export const REFERRAL_SOURCE_LABELS: Record<string, string> = {
  partner: 'Added by the partner',
  partner_link: 'Partner link',
  admin: 'Added by an admin',
  booking: 'Booked online',
  lead: 'Lead from our tools',
};
export const referralSourceLabel = (source: string | null) =>
  source ? (REFERRAL_SOURCE_LABELS[source] ?? source) : 'Added by the partner';

/** The scheduling services whose booking webhooks become referrals. */
export const { values: BOOKING_PROVIDERS, labels: BOOKING_PROVIDER_LABELS } = labelledEnum([
  ['calcom', 'Cal.com'],
  ['calendly', 'Calendly'],
]);
export type BookingProvider = (typeof BOOKING_PROVIDERS)[number];

/** Why a partner a payout's filter selected waits for a later payout, in the order a summary names them. */
export const PAYOUT_WAIT_REASONS = ['noPaymentDetails', 'paymentFailed', 'netNotPositive', 'belowMinimum'] as const;
export type PayoutWaitReason = (typeof PAYOUT_WAIT_REASONS)[number];
