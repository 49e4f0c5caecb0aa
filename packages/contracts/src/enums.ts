// Enumerations of spec §3 with their labels. Every list of values lives here.

export const USER_ROLES = ['admin', 'finance', 'viewer', 'partner'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** The roles of the admin team: everything; money and exports; read-only. */
export const ADMIN_ROLES = ['admin', 'finance', 'viewer'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = { admin: 'Admin', finance: 'Finance', viewer: 'Viewer' };
export const ADMIN_ROLE_DESCRIPTIONS: Record<AdminRole, string> = {
  admin: 'Everything, including the team',
  finance: 'Commissions, accrual, payouts and exports; reads partners and referrals',
  viewer: 'Read-only screens and lists; no exports with bank data',
};
export const isAdminRole = (role: string): role is AdminRole => (ADMIN_ROLES as readonly string[]).includes(role);

export const COMPANY_TYPES = [
  'agency',
  'consultant',
  'saas',
  'influencer',
  'client',
  'cfo',
  'marketing_agency',
  'other',
] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];
export const COMPANY_TYPE_LABELS: Record<CompanyType, string> = {
  agency: 'Agency',
  consultant: 'Consultant',
  saas: 'SaaS Company',
  influencer: 'Influencer',
  client: 'Client',
  cfo: 'CFO',
  marketing_agency: 'Marketing Agency',
  other: 'Other',
};

export const EXPECTED_VOLUMES = [
  '1-2 referrals/month',
  '3-5 referrals/month',
  '5-10 referrals/month',
  '10+ referrals/month',
] as const;
export type ExpectedVolume = (typeof EXPECTED_VOLUMES)[number];

export const PAYMENT_METHODS = ['Wire', 'ACH', 'PayPal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  Wire: 'Wire Transfer',
  ACH: 'ACH',
  PayPal: 'PayPal',
};
/** The registration form offers wire transfer only (spec §2). */
export const REGISTRATION_PAYMENT_METHODS = ['Wire'] as const;

export const BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];
export const BANK_ACCOUNT_TYPE_LABELS: Record<BankAccountType, string> = { checking: 'Checking', savings: 'Savings' };

export const PARTNER_STATUSES = ['pending', 'active', 'inactive', 'suspended', 'rejected'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];
export const PARTNER_STATUS_LABELS: Record<PartnerStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  inactive: 'Inactive',
  suspended: 'Suspended',
  rejected: 'Rejected',
};

export const SERVICE_TYPES = ['basic_accounting', 'controller'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  basic_accounting: 'Basic Accounting',
  controller: 'Controller',
};
/** The flat monthly commission per service (agreement: Standard and Controller packages). */
export const COMMISSION_BY_SERVICE: Record<ServiceType, string> = { basic_accounting: '50.00', controller: '100.00' };

export const REFERRAL_STAGES = ['booked', 'qualified', 'proposal', 'won', 'lost'] as const;
export type ReferralStage = (typeof REFERRAL_STAGES)[number];
export const REFERRAL_STAGE_LABELS: Record<ReferralStage, string> = {
  booked: 'Booked',
  qualified: 'Qualified',
  proposal: 'Proposal',
  won: 'Won',
  lost: 'Lost',
};

/** `voided`: a pending commission cancelled with a reason; like `failed`, it counts in no total. */
export const COMMISSION_STATUSES = ['pending', 'paid', 'failed', 'voided'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];
export const COMMISSION_STATUS_LABELS: Record<CommissionStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  voided: 'Voided',
};

/** `recurring`: the monthly accrual; `bonus` and `clawback`: an admin's positive or negative adjustment. */
export const COMMISSION_KINDS = ['recurring', 'bonus', 'clawback'] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];
export const COMMISSION_KIND_LABELS: Record<CommissionKind, string> = {
  recurring: 'Recurring',
  bonus: 'Bonus',
  clawback: 'Clawback',
};

export const MATERIAL_TYPES = ['pdf', 'presentation', 'email_template', 'image', 'video', 'document'] as const;
export type MaterialType = (typeof MATERIAL_TYPES)[number];
export const MATERIAL_TYPE_LABELS: Record<MaterialType, string> = {
  pdf: 'PDF',
  presentation: 'Presentation',
  email_template: 'Email Template',
  image: 'Image',
  video: 'Video',
  document: 'Document',
};

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
export const BOOKING_PROVIDERS = ['calcom', 'calendly'] as const;
export type BookingProvider = (typeof BOOKING_PROVIDERS)[number];
export const BOOKING_PROVIDER_LABELS: Record<BookingProvider, string> = { calcom: 'Cal.com', calendly: 'Calendly' };

/** Why a partner a payout's filter selected waits for a later payout, in the order a summary names them. */
export const PAYOUT_WAIT_REASONS = ['noPaymentDetails', 'paymentFailed', 'netNotPositive', 'belowMinimum'] as const;
export type PayoutWaitReason = (typeof PAYOUT_WAIT_REASONS)[number];
