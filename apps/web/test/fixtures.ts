// Records as the API answers them, for the component tests: every field the contract has, at its
// empty value, so a test names only the fields its rule is about.

import type { Referral } from '@portal/contracts';

/** A referral with nothing recorded beyond its client, service and stage; `fields` sets the rest. */
export function aReferral(fields: Partial<Referral> = {}): Referral {
  return {
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
    ...fields,
  };
}
