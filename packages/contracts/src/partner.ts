import { z } from 'zod';
import { PAYEE_TYPES, wireBankFieldErrors } from './payment-methods';
import {
  ADMIN_PARTNER_PASSWORD_MIN,
  BANK_ACCOUNT_NUMBER_MAX,
  DEFAULT_AGREEMENT_VERSION,
  DEFAULT_COMPANY_TYPE,
  DEFAULT_EXPECTED_VOLUME,
  ROUTING_NUMBER_LENGTH,
} from './constants';
import {
  BANK_ACCOUNT_TYPES,
  COMPANY_TYPES,
  EXPECTED_VOLUMES,
  PARTNER_STATUSES,
  PAYMENT_METHODS,
  REGISTRATION_PAYMENT_METHODS,
} from './enums';
import {
  emailField,
  multiLine,
  optionalPhone,
  optionalText,
  optionalWebsite,
  passwordField,
  requiredText,
  singleLine,
  timestamp,
} from './fields';
import { MESSAGES } from './messages';

/**
 * Input filters of the registration form (spec §5), shared by the screen and the tests. They filter
 * first and cut after, so a pasted "021-000-021" keeps all nine digits.
 */
export const filterRoutingNumber = (value: string) => value.replace(/\D/g, '').slice(0, ROUTING_NUMBER_LENGTH);
export const filterAccountNumber = (value: string) =>
  value.replace(/[^A-Za-z0-9]/g, '').slice(0, BANK_ACCOUNT_NUMBER_MAX);

const partnerBase = {
  companyName: singleLine('Company name', requiredText(MESSAGES.companyNameRequired)),
  contactName: singleLine('Contact name', requiredText(MESSAGES.contactNameRequired)),
  companyType: z.enum(COMPANY_TYPES, { error: MESSAGES.companyTypeRequired }).default(DEFAULT_COMPANY_TYPE),
  website: optionalWebsite,
  phone: optionalPhone,
};

export const partnerApplicationInput = z
  .object({
    ...partnerBase,
    expectedVolume: z.enum(EXPECTED_VOLUMES, { error: MESSAGES.expectedVolumeRequired }),
    paymentMethod: z.enum(REGISTRATION_PAYMENT_METHODS, { error: MESSAGES.wireBankFieldsRequired }).default('Wire'),
    bankName: singleLine('Bank name', optionalText(200)),
    bankRoutingNumber: singleLine('Routing number', optionalText(50)),
    bankAccountNumber: singleLine('Account number', optionalText(50)),
    bankAccountType: z.preprocess(
      (v) => ((typeof v === 'string' && v.trim() === '') || v === null ? undefined : v),
      z.enum(BANK_ACCOUNT_TYPES, { error: MESSAGES.wireBankFieldsRequired }).optional(),
    ),
    bankAccountHolderName: singleLine('Account holder name', optionalText(200)),
    bankAddress: multiLine('Bank address', optionalText(500)),
    beneficiaryAddress: multiLine('Beneficiary address', optionalText(500)),
    agreementSigned: z.literal(true, { error: MESSAGES.agreementRequired }),
    agreementVersion: singleLine('Agreement version', z.string().max(20)).default(DEFAULT_AGREEMENT_VERSION),
  })
  .superRefine((value, ctx) => {
    const errors = wireBankFieldErrors(value);
    for (const [field, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: [field], message });
  });
export type PartnerApplicationInput = z.input<typeof partnerApplicationInput>;

/** Create Partner form of the admin (spec §5). */
export const createPartnerInput = z.object({
  email: emailField,
  password: passwordField(ADMIN_PARTNER_PASSWORD_MIN, MESSAGES.adminPasswordMin),
  ...partnerBase,
  expectedVolume: z.enum(EXPECTED_VOLUMES, { error: MESSAGES.expectedVolumeRequired }).default(DEFAULT_EXPECTED_VOLUME),
  paymentMethod: z.enum(REGISTRATION_PAYMENT_METHODS).default('Wire'),
});
export type CreatePartnerInput = z.input<typeof createPartnerInput>;

const nullableString = z.string().nullable();

export const partnerProfileOutput = z.object({
  id: z.uuid(),
  status: z.enum(PARTNER_STATUSES),
  companyName: z.string(),
  contactName: z.string(),
  companyType: z.enum(COMPANY_TYPES),
  website: nullableString,
  phone: nullableString,
  expectedVolume: nullableString,
  paymentMethod: z.enum(PAYMENT_METHODS),
  referralCode: z.string(),
  applicationDate: timestamp.nullable(),
  approvedAt: timestamp.nullable(),
  rejectionReason: nullableString,
  /** Why the partner is suspended, when the admin said (a suspended partner reads it on their status screen). */
  suspensionReason: nullableString,
  agreementSigned: z.boolean(),
  agreementSignedAt: timestamp.nullable(),
  agreementVersion: z.string(),
  /** The program terms version the partner accepted: its fees and rules apply to their referrals. */
  termsVersion: z.number().int(),
  /** The agreement version in force while the partner has not accepted it yet (partner.me only). */
  pendingAgreementVersion: nullableString.optional(),
  /** The program's support address from its settings, for questions about a decision (partner.me only). */
  supportEmail: nullableString.optional(),
  /**
   * The month of the partner's earliest fee or adjustment, "YYYY-MM" (partner.me only): a client an admin
   * added with a contract from before the partner joined earns fees for months before their account.
   */
  firstFeeMonth: nullableString.optional(),
  bankName: nullableString,
  bankAccountType: nullableString,
  bankAccountHolderName: nullableString,
  /** Last four digits only, e.g. "•••• 6789". */
  bankRoutingNumberMasked: nullableString,
  bankAccountNumberMasked: nullableString,
  /** "m•••@acme.demo" when the partner is paid by PayPal. */
  paypalEmailMasked: nullableString,
  /** Business (CCD) or personal (PPD) account, for ACH. */
  payeeType: z.enum(PAYEE_TYPES),
  createdAt: timestamp,
});
export type PartnerProfile = z.infer<typeof partnerProfileOutput>;
