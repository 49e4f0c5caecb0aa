// How an active partner is paid: by wire (the registration form's fields), by ACH (a US routing
// number with a valid ABA check digit) or by PayPal (an email). Changing it needs the current password.

import { z } from 'zod';
import { BANK_ACCOUNT_NUMBER_MAX, ROUTING_NUMBER_LENGTH } from './constants';
import { BANK_ACCOUNT_TYPES, PAYMENT_METHODS } from './enums';
import { currentPasswordField, idField, money, monthKeyString, multiLine, singleLine, timestamp } from './fields';
import { labelledEnum, oneOfMessage } from './labelled-enum';
import { MESSAGES } from './messages';

/**
 * Who an ACH credit goes to decides its entry class: a business account gets a CCD entry, a
 * person's own account a PPD entry. Partners are companies, so `business` is the default.
 */
export const { values: PAYEE_TYPES, labels: PAYEE_TYPE_LABELS } = labelledEnum([
  ['business', 'Business account (CCD)'],
  ['individual', 'Personal account (PPD)'],
]);
export type PayeeType = (typeof PAYEE_TYPES)[number];

export const PAYMENT_METHOD_MESSAGES = {
  routingCheckDigit: 'Routing number check digit is wrong; check the number on your check or with your bank',
  achFieldsRequired: 'All bank fields are required for ACH payments',
  paypalEmail: 'Enter the email address of your PayPal account',
  paymentMethodUpdated: 'Payment method updated',
  paymentMethod: oneOfMessage('paymentMethod', PAYMENT_METHODS),
} as const;

/** A routing number: its digits, nothing else. */
export const ROUTING_NUMBER_PATTERN = new RegExp(`^\\d{${ROUTING_NUMBER_LENGTH}}$`);
/** A wire account number: letters and digits, up to an IBAN's length. */
export const BANK_ACCOUNT_NUMBER_PATTERN = new RegExp(`^[A-Za-z0-9]{4,${BANK_ACCOUNT_NUMBER_MAX}}$`);

/**
 * The ABA check digit: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of ten. A mistyped
 * digit, or two neighbours swapped, fails it.
 */
export function isValidAbaRoutingNumber(value: string): boolean {
  if (!ROUTING_NUMBER_PATTERN.test(value)) return false;
  const d = [...value].map(Number) as [number, number, number, number, number, number, number, number, number];
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  return sum % 10 === 0;
}

export const WIRE_BANK_FIELDS = [
  'bankName',
  'bankRoutingNumber',
  'bankAccountNumber',
  'bankAccountType',
  'bankAccountHolderName',
  'bankAddress',
  'beneficiaryAddress',
] as const;

export type WireBankField = (typeof WIRE_BANK_FIELDS)[number];

/** Each bank field's own words when it is empty (the spec's message stays on the payment method). */
export const WIRE_BANK_FIELD_REQUIRED: Record<WireBankField, string> = {
  bankName: 'Bank name is required',
  bankRoutingNumber: 'Routing number is required',
  bankAccountNumber: 'Account number is required',
  bankAccountType: 'Account type is required',
  bankAccountHolderName: 'Account holder name is required',
  bankAddress: 'Bank address is required',
  beneficiaryAddress: 'Beneficiary address is required',
};
export const ACCOUNT_NUMBER_INVALID = `Account number must be 4 to ${BANK_ACCOUNT_NUMBER_MAX} letters or digits`;

/** The format a bank field's value must have once it is there, with the words that say so. */
const WIRE_BANK_FIELD_FORMATS: Partial<Record<WireBankField, { pattern: RegExp; message: string }>> = {
  bankRoutingNumber: { pattern: ROUTING_NUMBER_PATTERN, message: MESSAGES.routingNumberDigits },
  bankAccountNumber: { pattern: BANK_ACCOUNT_NUMBER_PATTERN, message: ACCOUNT_NUMBER_INVALID },
};

/**
 * One wire field's error, the same on the registration form and in Settings: its own words when it is
 * empty, and the format's words only once a value is there.
 */
export function wireBankFieldError(field: WireBankField, text: string): string | undefined {
  if (!text) return WIRE_BANK_FIELD_REQUIRED[field];
  const format = WIRE_BANK_FIELD_FORMATS[field];
  if (format && !format.pattern.test(text)) return format.message;
  // A wire, like an ACH credit, reaches a US bank by its ABA routing number, whose check digit must hold.
  if (field === 'bankRoutingNumber' && !isValidAbaRoutingNumber(text)) return PAYMENT_METHOD_MESSAGES.routingCheckDigit;
  return undefined;
}

/**
 * The wire-transfer rule of spec §5, field by field: the spec's message on the payment method when any
 * bank field is missing or malformed, and each such field's own error. The form checks it on every
 * submit, also while other fields are still empty (the schema's refinement waits for those).
 */
export function wireBankFieldErrors(
  value: Partial<Record<WireBankField | 'paymentMethod', unknown>>,
): Partial<Record<WireBankField | 'paymentMethod', string>> {
  const errors: Partial<Record<WireBankField | 'paymentMethod', string>> = {};
  if ((value.paymentMethod ?? 'Wire') !== 'Wire') return errors;
  for (const field of WIRE_BANK_FIELDS) {
    const raw = value[field];
    const error = wireBankFieldError(field, typeof raw === 'string' ? raw.trim() : '');
    if (error) errors[field] = error;
  }
  // The spec's words on the method are about missing or malformed fields; a wrong check digit is the number's own.
  const missing = Object.values(errors).some((error) => error !== PAYMENT_METHOD_MESSAGES.routingCheckDigit);
  return missing ? { paymentMethod: MESSAGES.wireBankFieldsRequired, ...errors } : errors;
}

/**
 * A bank field's text, trimmed, by the rule of wireBankFieldError: its own words when empty or absent,
 * then its format (kept as the schema's pattern, so the OpenAPI document shows it).
 */
const wireBankField = (field: WireBankField) => {
  const required = WIRE_BANK_FIELD_REQUIRED[field];
  const present = z.string({ error: required }).trim().min(1, { error: required, abort: true });
  const format = WIRE_BANK_FIELD_FORMATS[field];
  return format ? present.regex(format.pattern, format.message) : present;
};
const requiredLine = (field: WireBankField, label: string, max: number) =>
  singleLine(label, wireBankField(field).max(max));
const requiredAddress = (field: WireBankField, label: string) => multiLine(label, wireBankField(field).max(500));
// The check digit is looked at once the number has its nine digits.
const routingNumber = wireBankField('bankRoutingNumber').refine(
  (value) => !ROUTING_NUMBER_PATTERN.test(value) || isValidAbaRoutingNumber(value),
  PAYMENT_METHOD_MESSAGES.routingCheckDigit,
);

/**
 * The wire details: every bank field of the registration form with the registration form's words, and
 * the current password. The Bank Details form sends these; the payment method form adds
 * `paymentMethod: 'Wire'`.
 */
export const wireBankDetails = {
  bankName: requiredLine('bankName', 'Bank name', 200),
  bankRoutingNumber: routingNumber,
  bankAccountNumber: wireBankField('bankAccountNumber'),
  bankAccountType: z.enum(BANK_ACCOUNT_TYPES, { error: WIRE_BANK_FIELD_REQUIRED.bankAccountType }),
  bankAccountHolderName: requiredLine('bankAccountHolderName', 'Account holder name', 200),
  bankAddress: requiredAddress('bankAddress', 'Bank address'),
  beneficiaryAddress: requiredAddress('beneficiaryAddress', 'Beneficiary address'),
  currentPassword: currentPasswordField,
};

const wireMethod = z.object({ paymentMethod: z.literal('Wire'), ...wireBankDetails });

/** ACH: a US account (its routing number passes the ABA check digit, as a wire's does). The bank name is optional. */
const achMethod = z.object({
  paymentMethod: z.literal('ACH'),
  bankName: singleLine('Bank name', z.string().trim().max(200).optional()),
  bankRoutingNumber: routingNumber,
  bankAccountNumber: z
    .string({ error: WIRE_BANK_FIELD_REQUIRED.bankAccountNumber })
    .trim()
    .min(1, { error: WIRE_BANK_FIELD_REQUIRED.bankAccountNumber, abort: true })
    // NACHA's account field holds 17 characters.
    .regex(/^[A-Za-z0-9]{4,17}$/, 'Account number must be 4 to 17 letters or digits'),
  bankAccountType: z.enum(BANK_ACCOUNT_TYPES, { error: WIRE_BANK_FIELD_REQUIRED.bankAccountType }),
  bankAccountHolderName: requiredLine('bankAccountHolderName', 'Account holder name', 200),
  payeeType: z.enum(PAYEE_TYPES, { error: PAYMENT_METHOD_MESSAGES.achFieldsRequired }).default('business'),
  currentPassword: currentPasswordField,
});

const paypalMethod = z.object({
  paymentMethod: z.literal('PayPal'),
  paypalEmail: z
    .string({ error: PAYMENT_METHOD_MESSAGES.paypalEmail })
    .trim()
    .toLowerCase()
    .max(254, PAYMENT_METHOD_MESSAGES.paypalEmail)
    .pipe(z.email(PAYMENT_METHOD_MESSAGES.paypalEmail)),
  currentPassword: currentPasswordField,
});

export const updatePaymentMethodInput = z.discriminatedUnion('paymentMethod', [wireMethod, achMethod, paypalMethod], {
  error: PAYMENT_METHOD_MESSAGES.paymentMethod,
});
export type UpdatePaymentMethodInput = z.input<typeof updatePaymentMethodInput>;

/**
 * The ACH return codes a credit (the portal sends only credits) can come back with, and what each means
 * to the partner. Codes that only return debits (R01 insufficient funds, R07, R08, R10, R29) are not offered.
 */
export const ACH_RETURN_REASONS = {
  R02: 'Account closed',
  R03: 'No account / unable to locate account',
  R04: 'Invalid account number structure',
  R06: 'Returned per the originating bank’s request',
  R13: 'Invalid ACH routing number',
  R14: 'Representative payee deceased or unable to continue',
  R15: 'Beneficiary or account holder deceased',
  R16: 'Account frozen',
  R17: 'File record edit criteria',
  R20: 'Non-transaction account',
  R23: 'Credit entry refused by the receiver',
  R24: 'Duplicate entry',
} as const;
export type AchReturnCode = keyof typeof ACH_RETURN_REASONS;
export const ACH_RETURN_CODES = Object.keys(ACH_RETURN_REASONS) as AchReturnCode[];
/** A PayPal or wire line that comes back has no ACH code. */
export const OTHER_RETURN_CODE = 'OTHER';
export const PAYOUT_LINE_STATUSES = ['sent', 'confirmed', 'returned'] as const;
export type PayoutLineStatus = (typeof PAYOUT_LINE_STATUSES)[number];

export const PAYOUT_RAIL_MESSAGES = {
  payoutLineNotFound: 'That partner is not part of this payout',
  payoutNotSent: 'Mark the payout as sent before confirming or returning its lines',
  payoutAlreadySent: 'This payout is already marked as sent',
  lineAlreadyResolved: (status: string) => `This line is already ${status}`,
  returnReasonRequired: 'Give the reason the payment came back',
  commissionNotRetriable: (id: string, status: string) =>
    `Commission ${id} is ${status}; only a failed commission can be offered again`,
  achNotConfigured: 'ACH originator settings are not configured (ACH_IMMEDIATE_DESTINATION and the others)',
  noPartnersForFile: (method: string) => `This payout pays no partner by ${method}`,
  achFilesExhausted:
    'Every NACHA file ID modifier (A–Z, 0–9) is used today: a new ACH file can be made after midnight UTC',
} as const;

export const payoutLineReturnInput = z
  .object({
    payoutId: idField,
    partnerId: idField,
    returnCode: z.enum([OTHER_RETURN_CODE, ...ACH_RETURN_CODES], {
      error: oneOfMessage('returnCode', [...ACH_RETURN_CODES, OTHER_RETURN_CODE]),
    }),
    /** Required for OTHER; an ACH code brings its own reason. */
    reason: z.string().trim().max(500).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.returnCode === OTHER_RETURN_CODE && !value.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: PAYOUT_RAIL_MESSAGES.returnReasonRequired });
  });
export type PayoutLineReturnInput = z.input<typeof payoutLineReturnInput>;

export const payoutMethodTotalOutput = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS),
  partnerCount: z.number().int(),
  total: money,
});
export type PayoutMethodTotal = z.infer<typeof payoutMethodTotalOutput>;

export const payoutLineOutput = z.object({
  partnerId: z.uuid(),
  companyName: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  amount: money,
  commissionCount: z.number().int(),
  status: z.enum(PAYOUT_LINE_STATUSES),
  returnCode: z.string().nullable(),
  returnReason: z.string().nullable(),
});
export type PayoutLine = z.infer<typeof payoutLineOutput>;

/** A fee that failed (marked so, or its payout line came back), with what the processor needs to retry it. */
export const failedCommissionOutput = z.object({
  id: z.uuid(),
  partnerId: z.uuid(),
  partnerCompanyName: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  clientCompanyName: z.string().nullable(),
  amount: money,
  monthYear: monthKeyString,
  failureReason: z.string().nullable(),
  failedAt: timestamp,
});
export type FailedCommission = z.infer<typeof failedCommissionOutput>;
export const failedCommissionsInput = z
  .object({ partnerId: idField.optional(), limit: z.coerce.number().int().min(1).max(500).default(100) })
  .default({ limit: 100 });
export const payoutLineInput = z.object({ payoutId: idField, partnerId: idField });
export const retryCommissionInput = z.object({ id: idField });
