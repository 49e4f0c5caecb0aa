// What the screens show and offer, held here so the SPA and the API say the same: the monthly
// commission labels, the accepted upload types and the export kinds.

import { COMMISSION_BY_SERVICE, SERVICE_TYPE_LABELS, SERVICE_TYPES, type ServiceType } from './enums';
import { formatMoney } from './money';

/** "1 fee", "1,250 fees": the count with its thousands grouped, and the word that goes with it. */
export const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** "$50/month" (or "$50/mo"): an amount per month, in whole dollars when it has no cents. */
export function perMonth(amount: string, unit: 'month' | 'mo' = 'month'): string {
  return `${formatMoney(amount).replace(/\.00$/, '')}/${unit}`;
}

/** "$50/month": the commission a partner earns each month for a client of that service. */
export const commissionPerMonth = (service: ServiceType, unit: 'month' | 'mo' = 'month') =>
  perMonth(COMMISSION_BY_SERVICE[service], unit);

/**
 * Labels of the New Referral and Add Client dialogs (spec §2): "Basic Accounting $50/month", from the fees
 * of the terms in force (GET /api/program-terms); version 1's fees until they are known.
 */
export function serviceOptionLabels(fees: Record<ServiceType, string> = COMMISSION_BY_SERVICE) {
  return Object.fromEntries(
    SERVICE_TYPES.map((service) => [service, `${SERVICE_TYPE_LABELS[service]} ${perMonth(fees[service])}`]),
  ) as Record<ServiceType, string>;
}

/** Version 1's labels (the Add Client dialog; the fee a referral earns is set when it is accepted). */
export const SERVICE_TYPE_OPTION_LABELS = serviceOptionLabels();

/** The file name endings and content types a material upload may have (the server checks the bytes). */
export const UPLOAD_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'gif', 'pptx', 'docx', 'mp4'] as const;
export const UPLOAD_CONTENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'video/mp4',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
/** The `accept` attribute of the upload field. */
export const ACCEPTED_UPLOAD_TYPES = [
  ...UPLOAD_EXTENSIONS.map((extension) => `.${extension}`),
  ...UPLOAD_CONTENT_TYPES,
].join(',');

/** The CSV exports of the admin's 'Export Data' menu (GET /api/admin/exports/{kind}.csv). */
export const EXPORT_KINDS = ['partners', 'referrals', 'commissions'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
