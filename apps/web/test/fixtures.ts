// Records as the API answers them, for the component tests: every field the contract has, at its
// empty value, so a test names only the fields its rule is about.

import type {
  AdminPartnerRow,
  Commission,
  PartnerDetails,
  PartnerMetrics,
  PartnerProfile,
  PendingCommission,
  ProgramTerms,
  Referral,
} from '@portal/contracts';
import { SessionStore } from '../src/lib/session';

/** A builder of records from `defaults`: each call a fresh copy, with `fields` set over it. */
function builder<T>(defaults: T): (fields?: Partial<T>) => T {
  return (fields = {}) => ({ ...structuredClone(defaults), ...fields });
}

/** A referral with nothing recorded beyond its client, service and stage; `fields` sets the rest. */
export const aReferral = builder<Referral>({
  id: '0b6a3c1e-2f4d-4e5a-9b7c-8d9e0f1a2b3c',
  partnerId: '5f0c8a8e-8f2e-4c59-9d4b-7a1f2d3c4b5a',
  clientCompanyName: 'Acme Bakery',
  clientEmail: null,
  clientPhone: null,
  serviceType: 'basic_accounting',
  monthlyValue: '500.00',
  commissionAmount: '50.00',
  stage: 'booked',
  consultationDate: null,
  proposalDate: null,
  closeDate: null,
  contractStartDate: null,
  contractEndDate: null,
  lostReason: null,
  churnDate: null,
  notes: null,
  referralSource: null,
  landingPage: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  clientName: null,
  utm: null,
  bookingProvider: null,
  conflictOf: null,
  clientAlreadyIntroduced: false,
  selfReferral: false,
  termsVersion: null,
  acceptedAt: null,
  qualifiesBy: null,
  extensionDays: 0,
  annualSales: null,
  signedAt: null,
  qualifying: null,
  qualificationReason: null,
});

/** An active partner of the admin's lists, with nothing earned yet; `fields` sets the rest. */
export const anAdminPartnerRow = builder<AdminPartnerRow>({
  id: '5f0c8a8e-8f2e-4c59-9d4b-7a1f2d3c4b5a',
  email: 'maya@northwind.example',
  companyName: 'Northwind Growth',
  contactName: 'Maya Chen',
  companyType: 'agency',
  status: 'active',
  referralCode: 'NORTHW-7K2Q',
  currentMrr: '0.00',
  totalLifetimeCommissions: '0.00',
  applicationDate: null,
  joinedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** An applicant's details as the admin reads them: pending, agreement signed, paid by wire; `fields` sets the rest. */
export const aPartnerDetails = builder<PartnerDetails>({
  id: '5f0c8a8e-8f2e-4c59-9d4b-000000000001',
  email: 'maya@northwind.example',
  companyName: 'Northwind Growth',
  contactName: 'Maya Lin',
  companyType: 'agency',
  status: 'pending',
  referralCode: 'NORTHW-7K2Q',
  currentMrr: '0.00',
  totalLifetimeCommissions: '0.00',
  applicationDate: '2026-03-02T10:00:00.000Z',
  joinedAt: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  phone: '+1 503 555 0142',
  website: null,
  expectedVolume: '5-10 referrals/month',
  paymentMethod: 'Wire',
  approvedAt: null,
  rejectedAt: null,
  suspendedAt: null,
  rejectionReason: null,
  suspensionReason: null,
  agreementSigned: true,
  agreementSignedAt: '2026-03-02T10:00:00.000Z',
  agreementVersion: '1.0',
  bankName: 'First Bank',
  bankAccountType: 'checking',
  bankAccountHolderName: 'Northwind Growth LLC',
  bankRoutingNumberMasked: '•••• 0021',
  bankAccountNumberMasked: '•••• 6789',
  paypalEmailMasked: null,
});

/** A recurring fee of $250.00 for October 2026, Alpha Store's via Northwind Advisors, waiting in the payout queue. */
export const aPendingCommission = builder<PendingCommission>({
  id: 'a1111111-1111-4111-8111-111111111111',
  amount: '250.00',
  monthYear: '2026-10',
  kind: 'recurring',
  reason: null,
  referralId: '33333333-3333-4333-8333-333333333333',
  partnerId: '22222222-2222-4222-8222-222222222222',
  partnerCompanyName: 'Northwind Advisors',
  clientCompanyName: 'Alpha Store',
});

/** A pending recurring fee of $50.00 for October 2026, Alpha Store's, never paid, voided or failed; `fields` sets the rest. */
export const aCommission = builder<Commission>({
  id: 'a1111111-1111-4111-8111-111111111111',
  partnerId: '22222222-2222-4222-8222-222222222222',
  referralId: '33333333-3333-4333-8333-333333333333',
  clientCompanyName: 'Alpha Store',
  amount: '50.00',
  monthYear: '2026-10',
  kind: 'recurring',
  status: 'pending',
  reason: null,
  voidedAt: null,
  voidReason: null,
  paymentDate: null,
  paymentMethod: null,
  paymentReference: null,
  failureReason: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

/** A partner's own profile (`partner.me`): a pending wire partner with bank details on file. */
export const aPartnerProfile = builder<PartnerProfile>({
  id: '00000000-0000-4000-8000-0000000000aa',
  status: 'pending',
  companyName: 'Acme Growth Partners',
  contactName: 'Ada Lovelace',
  companyType: 'agency',
  website: null,
  phone: null,
  expectedVolume: '3-5 referrals/month',
  paymentMethod: 'Wire',
  referralCode: 'ACMEGR-7K2Q',
  applicationDate: '2026-11-20T15:00:00.000Z',
  approvedAt: null,
  rejectionReason: null,
  suspensionReason: null,
  agreementSigned: true,
  agreementSignedAt: '2026-11-20T15:00:00.000Z',
  agreementVersion: '1.0',
  termsVersion: 1,
  bankName: 'First Bank',
  bankAccountType: 'checking',
  bankAccountHolderName: 'Acme',
  bankRoutingNumberMasked: '•••• 0021',
  bankAccountNumberMasked: '•••• 5590',
  paypalEmailMasked: null,
  payeeType: 'business',
  createdAt: '2026-11-20T15:00:00.000Z',
});

/** A signed-in administrator's session holding `permissions` (the screens read what they may show from it). */
export function anAdminSession(permissions: string[]): SessionStore {
  return new SessionStore({
    user: { id: '4f7b2a2e-8d7c-4a51-9d0e-2b4c7d1e9f00', email: 'admin@example.com', role: 'admin', permissions },
  });
}

/** Version 1 of the program terms (the agreement's defaults, published by nobody); `fields` sets the rest. */
export const aProgramTerms = builder<ProgramTerms>({
  version: 1,
  agreementVersion: '1.0',
  fees: { basic_accounting: '50.00', controller: '100.00' },
  qualificationDays: 60,
  maxExtensionDays: 365,
  payoutDays: 30,
  minAnnualSales: '1000000.00',
  noticeDays: 30,
  feeBasis: 'clientPayment',
  effectiveFrom: '2026-01-01',
  agreementText: { title: 'Affiliate Agreement', sections: [{ heading: 'Fees', paragraphs: ['The fees.'] }] },
  changes: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  createdByName: null,
});

/** A partner's dashboard figures (`partner.metrics`) for November 2026: nothing earned, owed or referred yet. */
export const aPartnerMetrics = builder<PartnerMetrics>({
  totalEarnings: '0.00',
  pendingCommissions: '0.00',
  failedCommissions: '0.00',
  thisMonthEarnings: '0.00',
  activeReferralCount: 0,
  currentMonth: '2026-11',
  linkVisitsThisMonth: 0,
});

/** The one page of a server-paged list that holds all of `items`, as asked for with `limit`. */
export function aPage<Item>(items: Item[], limit = 20) {
  return { items, total: items.length, limit, offset: 0 };
}
