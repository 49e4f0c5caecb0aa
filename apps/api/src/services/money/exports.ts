// CSV exports of the admin: partners, referrals, commissions, and a payout's wire instructions.
// Rows are read in keyset-paged batches and streamed through csv-stringify (RFC 4180: CRLF, every
// cell quoted, headers too); every line of a cell that a spreadsheet would read as a formula is
// neutralised ("Acme\n=1+1" must not start a live formula on a line of its own).

import { Readable } from 'node:stream';
import type { ExportKind } from '@portal/contracts';
import type { Db } from '@portal/db';
import { stringify } from 'csv-stringify';
import { sql, type SelectQueryBuilder } from 'kysely';
import { keysetBatches, type KeysetOrder } from '../platform/keyset';
import { logActivity } from '../platform/activity';

export interface CsvColumn {
  key: string;
  header: string;
}

type Cell = string | number | boolean | Date | null | undefined;
export type CsvRow = Record<string, Cell>;

/** A plain decimal number ("-50.00"): a spreadsheet reads it as a number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** The start of the cell and of each line in it (after CR or LF), when followed by = + - @ TAB or CR. */
const FORMULA_LINE_START = /(?<=^|[\r\n])(?=[=+\-@\t\r])/g;

/**
 * Every line of a cell that starts with = + - @ (or a tab / carriage return) gets a leading ' so no
 * spreadsheet runs it; a plain number, negative money included, stays a number.
 */
export function neutraliseCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'number' || PLAIN_NUMBER.test(text)) return text;
  return text.replace(FORMULA_LINE_START, "'");
}

/** Streams rows as an RFC 4180 CSV with a header line. */
export function csvStream(columns: readonly CsvColumn[], rows: AsyncIterable<CsvRow> | Iterable<CsvRow>): Readable {
  const stringifier = stringify({
    header: true,
    columns: columns.map((c) => ({ key: c.key, header: c.header })),
    record_delimiter: 'windows',
    quoted: true,
    quoted_empty: true,
  });
  const cells = Readable.from(
    (async function* () {
      for await (const row of rows) {
        const out: Record<string, string> = {};
        for (const column of columns) out[column.key] = neutraliseCell(row[column.key]);
        yield out;
      }
    })(),
  );
  cells.on('error', (error) => stringifier.destroy(error));
  return cells.pipe(stringifier);
}

/** A table's rows in (created_at, id) order, the export's order. */
const createdOrder = (alias: string): KeysetOrder => ({
  key: sql.ref(`${alias}.created_at`),
  type: 'timestamptz',
  id: sql.ref(`${alias}.id`),
  direction: 'asc',
});

/** Reads a table (`query` selects from it as `alias`) in (created_at, id) order, one batch at a time. */
async function* inCreatedOrder<DB, TB extends keyof DB, O extends { id: string }>(
  alias: string,
  query: SelectQueryBuilder<DB, TB, O>,
): AsyncGenerator<O> {
  for await (const batch of keysetBatches(query, createdOrder(alias))) yield* batch;
}

// Partners: no bank numbers (not even masked) — those leave only in a payout's wire instructions.
const PARTNER_COLUMNS: CsvColumn[] = [
  { key: 'id', header: 'Partner ID' },
  { key: 'companyName', header: 'Company' },
  { key: 'contactName', header: 'Contact' },
  { key: 'email', header: 'Email' },
  { key: 'phone', header: 'Phone' },
  { key: 'website', header: 'Website' },
  { key: 'companyType', header: 'Type' },
  { key: 'status', header: 'Status' },
  { key: 'referralCode', header: 'Referral Code' },
  { key: 'expectedVolume', header: 'Expected Volume' },
  { key: 'paymentMethod', header: 'Payment Method' },
  { key: 'currentMrr', header: 'MRR' },
  { key: 'totalLifetimeCommissions', header: 'Total Earned' },
  { key: 'applicationDate', header: 'Applied' },
  { key: 'approvedAt', header: 'Joined' },
  { key: 'createdAt', header: 'Created' },
];

const REFERRAL_COLUMNS: CsvColumn[] = [
  { key: 'id', header: 'Referral ID' },
  { key: 'partnerCompanyName', header: 'Partner' },
  { key: 'clientCompanyName', header: 'Client Company' },
  { key: 'clientEmail', header: 'Client Email' },
  { key: 'clientPhone', header: 'Client Phone' },
  { key: 'serviceType', header: 'Service' },
  { key: 'monthlyValue', header: 'Monthly Value' },
  { key: 'commissionAmount', header: 'Commission per Month' },
  { key: 'stage', header: 'Stage' },
  { key: 'consultationDate', header: 'Consultation' },
  { key: 'closeDate', header: 'Closed' },
  { key: 'contractStartDate', header: 'Contract Start' },
  { key: 'contractEndDate', header: 'Contract End' },
  { key: 'churnDate', header: 'Churned' },
  { key: 'lostReason', header: 'Lost Reason' },
  { key: 'notes', header: 'Notes' },
  { key: 'createdAt', header: 'Created' },
  { key: 'termsVersion', header: 'Terms Version' },
  { key: 'acceptedAt', header: 'Accepted' },
  { key: 'qualifiesBy', header: 'Qualifies By' },
  { key: 'annualSales', header: 'Annual Sales' },
  { key: 'signedAt', header: 'Signed' },
  { key: 'qualifying', header: 'Qualifying' },
  { key: 'qualificationReason', header: 'Qualification Reason' },
];

const COMMISSION_COLUMNS: CsvColumn[] = [
  { key: 'id', header: 'Commission ID' },
  { key: 'partnerCompanyName', header: 'Partner' },
  { key: 'clientCompanyName', header: 'Client Company' },
  { key: 'monthYear', header: 'Month' },
  { key: 'kind', header: 'Kind' },
  { key: 'amount', header: 'Amount' },
  { key: 'status', header: 'Status' },
  { key: 'reason', header: 'Adjustment Reason' },
  { key: 'paymentDate', header: 'Paid' },
  { key: 'paymentMethod', header: 'Method' },
  { key: 'paymentReference', header: 'Reference' },
  { key: 'failureReason', header: 'Failure Reason' },
  { key: 'voidedAt', header: 'Voided' },
  { key: 'voidReason', header: 'Void Reason' },
  { key: 'createdAt', header: 'Created' },
];

export function exportTable(db: Db, kind: ExportKind): { columns: CsvColumn[]; rows: AsyncIterable<CsvRow> } {
  switch (kind) {
    case 'partners':
      return {
        columns: PARTNER_COLUMNS,
        rows: inCreatedOrder(
          'p',
          db
            .selectFrom('partners as p')
            .innerJoin('users as u', 'u.id', 'p.userId')
            .select([
              'p.id',
              'p.companyName',
              'p.contactName',
              'u.email',
              'p.phone',
              'p.website',
              'p.companyType',
              'p.status',
              'p.referralCode',
              'p.expectedVolume',
              'p.paymentMethod',
              'p.currentMrr',
              'p.totalLifetimeCommissions',
              'p.applicationDate',
              'p.approvedAt',
              'p.createdAt',
            ]),
        ),
      };
    case 'referrals':
      return {
        columns: REFERRAL_COLUMNS,
        rows: inCreatedOrder(
          'r',
          db
            .selectFrom('referrals as r')
            .innerJoin('partners as p', 'p.id', 'r.partnerId')
            .select([
              'r.id',
              'p.companyName as partnerCompanyName',
              'r.clientCompanyName',
              'r.clientEmail',
              'r.clientPhone',
              'r.serviceType',
              'r.monthlyValue',
              'r.commissionAmount',
              'r.stage',
              'r.consultationDate',
              'r.closeDate',
              'r.contractStartDate',
              'r.contractEndDate',
              'r.churnDate',
              'r.lostReason',
              'r.notes',
              'r.createdAt',
              'r.termsVersion',
              'r.acceptedAt',
              'r.qualifiesBy',
              'r.annualSales',
              'r.signedAt',
              'r.qualifying',
              'r.qualificationReason',
            ]),
        ),
      };
    case 'commissions':
      return {
        columns: COMMISSION_COLUMNS,
        rows: inCreatedOrder(
          'c',
          db
            .selectFrom('commissions as c')
            .innerJoin('partners as p', 'p.id', 'c.partnerId')
            .leftJoin('referrals as r', 'r.id', 'c.referralId')
            .select([
              'c.id',
              'p.companyName as partnerCompanyName',
              'r.clientCompanyName',
              'c.monthYear',
              'c.kind',
              'c.amount',
              'c.status',
              'c.reason',
              'c.paymentDate',
              'c.paymentMethod',
              'c.paymentReference',
              'c.failureReason',
              'c.voidedAt',
              'c.voidReason',
              'c.createdAt',
            ]),
        ),
      };
  }
}

/** Records an export download (who took which data out, and when). */
export async function logExport(db: Db, kind: ExportKind, actorId: string): Promise<void> {
  const entityType = ({ partners: 'partner', referrals: 'referral', commissions: 'commission' } as const)[kind];
  await logActivity(db, {
    userId: actorId,
    action: 'export.downloaded',
    entityType,
    entityId: null,
    details: { kind },
  });
}
