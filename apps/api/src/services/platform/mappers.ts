// Row → API shape, at the boundary. Dates leave as ISO strings; bank numbers only masked.

import type { PartnerProfile, Referral, Commission } from '@portal/contracts';
import type { CommissionRow, Partner, ReferralRow } from '@portal/db';
import { bankFieldContext, maskEmail, maskLastFour, type FieldCipher } from './crypto';

export const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);

export function decryptOrNull(cipher: FieldCipher, stored: string | null, context: string): string | null {
  if (!stored) return null;
  try {
    return cipher.decrypt(stored, context);
  } catch {
    return null;
  }
}

/** Who a partner is, as every view of a partner (the admins' list, the partner's own profile) names it. */
export function partnerIdentity(row: Partner) {
  return {
    id: row.id,
    status: row.status,
    companyName: row.companyName,
    contactName: row.contactName,
    companyType: row.companyType as PartnerProfile['companyType'],
    referralCode: row.referralCode,
    applicationDate: iso(row.applicationDate),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A partner's profile as both the partner and the admins read it: its form, how it is paid (masked), its agreement. */
export function partnerProfileFields(row: Partner, cipher: FieldCipher) {
  return {
    ...partnerIdentity(row),
    website: row.website,
    phone: row.phone,
    expectedVolume: row.expectedVolume,
    paymentMethod: row.paymentMethod,
    approvedAt: iso(row.approvedAt),
    rejectionReason: row.rejectionReason,
    suspensionReason: row.suspensionReason,
    agreementSigned: row.agreementSigned,
    agreementSignedAt: iso(row.agreementSignedAt),
    agreementVersion: row.agreementVersion,
    ...maskedBankDetails(row, cipher),
    paypalEmailMasked: maskEmail(decryptOrNull(cipher, row.paypalEmail, bankFieldContext(row.id, 'paypal_email'))),
  };
}

export function toPartnerProfile(row: Partner, cipher: FieldCipher): PartnerProfile {
  return {
    ...partnerProfileFields(row, cipher),
    termsVersion: row.termsVersion,
    payeeType: row.payeeType,
  };
}

type BankColumns = Pick<
  Partner,
  'id' | 'bankName' | 'bankAccountType' | 'bankAccountHolderName' | 'bankRoutingNumber' | 'bankAccountNumber'
>;

/** The bank details that may leave the server: names and type as stored, numbers masked to the last four. */
export function maskedBankDetails(row: BankColumns, cipher: FieldCipher) {
  return {
    bankName: row.bankName,
    bankAccountType: row.bankAccountType,
    bankAccountHolderName: row.bankAccountHolderName,
    bankRoutingNumberMasked: maskLastFour(
      decryptOrNull(cipher, row.bankRoutingNumber, bankFieldContext(row.id, 'bank_routing_number')),
    ),
    bankAccountNumberMasked: maskLastFour(
      decryptOrNull(cipher, row.bankAccountNumber, bankFieldContext(row.id, 'bank_account_number')),
    ),
  };
}

export function toReferral(row: ReferralRow & { partnerCompanyName?: string }): Referral {
  return {
    id: row.id,
    partnerId: row.partnerId,
    ...(row.partnerCompanyName !== undefined ? { partnerCompanyName: row.partnerCompanyName } : {}),
    clientCompanyName: row.clientCompanyName,
    clientEmail: row.clientEmail,
    clientPhone: row.clientPhone,
    serviceType: row.serviceType,
    monthlyValue: row.monthlyValue,
    commissionAmount: row.commissionAmount,
    stage: row.stage,
    consultationDate: iso(row.consultationDate),
    proposalDate: iso(row.proposalDate),
    closeDate: iso(row.closeDate),
    contractStartDate: row.contractStartDate,
    contractEndDate: row.contractEndDate,
    lostReason: row.lostReason,
    churnDate: row.churnDate,
    notes: row.notes,
    referralSource: row.referralSource,
    landingPage: row.landingPage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    clientName: row.clientName,
    utm: row.utm,
    bookingProvider: row.bookingProvider,
    conflictOf: row.conflictOf,
    clientAlreadyIntroduced: row.conflictOf !== null,
    selfReferral: row.selfReferral,
    termsVersion: row.termsVersion,
    acceptedAt: iso(row.acceptedAt),
    qualifiesBy: row.qualifiesBy,
    extensionDays: row.extensionDays,
    annualSales: row.annualSales,
    signedAt: row.signedAt,
    qualifying: row.qualifying,
    qualificationReason: row.qualificationReason,
  };
}

/** A referral as its own partner reads it: a conflict says only that the client was introduced, never by whom. */
export function toPartnerReferral(row: ReferralRow & { partnerCompanyName?: string }): Referral {
  return { ...toReferral(row), conflictOf: null };
}

export function toCommission(
  row: CommissionRow & { clientCompanyName?: string | null; clientPaidAt?: string | null },
): Commission {
  return {
    id: row.id,
    partnerId: row.partnerId,
    referralId: row.referralId,
    ...(row.clientCompanyName !== undefined ? { clientCompanyName: row.clientCompanyName } : {}),
    amount: row.amount,
    monthYear: row.monthYear,
    kind: row.kind,
    status: row.status,
    reason: row.reason,
    voidedAt: iso(row.voidedAt),
    voidReason: row.voidReason,
    paymentDate: iso(row.paymentDate),
    paymentMethod: row.paymentMethod,
    paymentReference: row.paymentReference,
    failureReason: row.failureReason,
    dueBy: row.dueBy ?? null,
    ...(row.clientPaidAt !== undefined ? { clientPaidAt: row.clientPaidAt } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
