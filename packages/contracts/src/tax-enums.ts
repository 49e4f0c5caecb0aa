// The tax profile's choices, the W-9 certification text and the 1099 texts (zod-free, so
// screens read the labels without the schema library).

import { labelledEnum } from './labelled-enum';

export const { values: TAX_CLASSIFICATIONS, labels: TAX_CLASSIFICATION_LABELS } = labelledEnum([
  ['individual', 'Individual'],
  ['sole_proprietor', 'Sole proprietor / single-member LLC'],
  ['c_corp', 'C corporation'],
  ['s_corp', 'S corporation'],
  ['partnership', 'Partnership'],
  ['llc', 'Limited liability company'],
  ['other', 'Other'],
]);
export type TaxClassification = (typeof TAX_CLASSIFICATIONS)[number];

export const { values: TIN_TYPES, labels: TIN_TYPE_LABELS } = labelledEnum([
  ['ssn', 'SSN'],
  ['ein', 'EIN'],
]);
export type TinType = (typeof TIN_TYPES)[number];

/** The certification of Form W-9, Part II, which the partner accepts with its tax profile. */
export const W9_CERTIFICATION_TEXT =
  'Under penalties of perjury, I certify that: (1) the number shown on this form is my correct taxpayer identification number ' +
  '(or I am waiting for a number to be issued to me); (2) I am not subject to backup withholding because (a) I am exempt from ' +
  'backup withholding, or (b) I have not been notified by the Internal Revenue Service (IRS) that I am subject to backup ' +
  'withholding as a result of a failure to report all interest or dividends, or (c) the IRS has notified me that I am no longer ' +
  'subject to backup withholding; (3) I am a U.S. citizen or other U.S. person; and (4) the FATCA code(s) entered on this form ' +
  '(if any) indicating that I am exempt from FATCA reporting is correct.';

export const TAX_MESSAGES = {
  tinInvalid: 'The TIN must be 9 digits (dashes allowed, e.g. 12-3456789)',
  certificationRequired: 'You must certify the W-9 statement to save your tax information',
  legalNameRequired: 'Legal name is required',
  addressRequired: 'Address is required',
  classificationRequired: 'Choose a tax classification',
  tinTypeRequired: 'Choose SSN or EIN',
  saved: 'Tax information saved',
  notOnFile: 'No tax information on file yet.',
  invalidStatementMonth: 'Statement month must be YYYY-MM from 2000-01 to 2100-12 (e.g. 2026-03)',
  invalidTaxYear: 'Tax year must be a year from 2000 to 2100',
  missingForPayout: (companyName: string) =>
    `${companyName} has no tax information on file and this payout brings its payments this year to the 1099-NEC threshold; ask the partner to fill in Settings → Tax information first`,
  missingBadge: 'No tax info',
  missingTooltip: "No tax profile on file, and this year's payouts reach the 1099-NEC threshold",
} as const;

/**
 * The form in which a TIN leaves the server outside the admin's 1099 export: its last four digits in
 * its own layout, an SSN as NNN-NN-NNNN ("•••-••-6789"), an EIN as NN-NNNNNNN ("••-•••6789").
 */
export const maskTin = (tinType: TinType, last4: string) => (tinType === 'ein' ? `••-•••${last4}` : `•••-••-${last4}`);
