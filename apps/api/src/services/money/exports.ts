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

/**
 * An export's columns in order: each cell's select expression (its key is the name it selects as, after " as "
 * or the table's alias) and the header above it. The query selects exactly these.
 */
type ExportColumns = Record<string, string>;

const keyOf = (select: string) => select.split(' as ')[1] ?? select.slice(select.indexOf('.') + 1);

/** The CSV columns of an export's table. */
const csvColumns = (columns: ExportColumns): CsvColumn[] =>
  Object.entries(columns).map(([select, header]) => ({ key: keyOf(select), header }));

/** The select expressions of an export's table, with the types Kysely reads them by. */
const selections = <C extends ExportColumns>(columns: C) => Object.keys(columns) as (keyof C & string)[];

// Partners: no bank numbers (not even masked) — those leave only in a payout's wire instructions.
const PARTNER_COLUMNS = {
  'p.id': 'Partner ID',
  'p.companyName': 'Company',
  'p.contactName': 'Contact',
  'u.email': 'Email',
  'p.phone': 'Phone',
  'p.website': 'Website',
  'p.companyType': 'Type',
  'p.status': 'Status',
  'p.referralCode': 'Referral Code',
  'p.expectedVolume': 'Expected Volume',
  'p.paymentMethod': 'Payment Method',
  'p.currentMrr': 'MRR',
  'p.totalLifetimeCommissions': 'Total Earned',
  'p.applicationDate': 'Applied',
  'p.approvedAt': 'Joined',
  'p.createdAt': 'Created',
};

const REFERRAL_COLUMNS = {
  'r.id': 'Referral ID',
  'p.companyName as partnerCompanyName': 'Partner',
  'r.clientCompanyName': 'Client Company',
  'r.clientEmail': 'Client Email',
  'r.clientPhone': 'Client Phone',
  'r.serviceType': 'Service',
  'r.monthlyValue': 'Monthly Value',
  'r.commissionAmount': 'Commission per Month',
  'r.stage': 'Stage',
  'r.consultationDate': 'Consultation',
  'r.closeDate': 'Closed',
  'r.contractStartDate': 'Contract Start',
  'r.contractEndDate': 'Contract End',
  'r.churnDate': 'Churned',
  'r.lostReason': 'Lost Reason',
  'r.notes': 'Notes',
  'r.createdAt': 'Created',
  'r.termsVersion': 'Terms Version',
  'r.acceptedAt': 'Accepted',
  'r.qualifiesBy': 'Qualifies By',
  'r.annualSales': 'Annual Sales',
  'r.signedAt': 'Signed',
  'r.qualifying': 'Qualifying',
  'r.qualificationReason': 'Qualification Reason',
};

const COMMISSION_COLUMNS = {
  'c.id': 'Commission ID',
  'p.companyName as partnerCompanyName': 'Partner',
  'r.clientCompanyName': 'Client Company',
  'c.monthYear': 'Month',
  'c.kind': 'Kind',
  'c.amount': 'Amount',
  'c.status': 'Status',
  'c.reason': 'Adjustment Reason',
  'c.paymentDate': 'Paid',
  'c.paymentMethod': 'Method',
  'c.paymentReference': 'Reference',
  'c.failureReason': 'Failure Reason',
  'c.voidedAt': 'Voided',
  'c.voidReason': 'Void Reason',
  'c.createdAt': 'Created',
};

/**
 * An export of a table: its CSV columns, and its rows from `query` (the table as `alias`, with its joins, selecting
 * what it is given) in (created_at, id) order.
 */
function tableExport<C extends ExportColumns, DB, TB extends keyof DB, O extends { id: string }>(
  alias: string,
  columns: C,
  query: (selection: (keyof C & string)[]) => SelectQueryBuilder<DB, TB, O>,
): { columns: CsvColumn[]; rows: AsyncIterable<CsvRow> } {
  return { columns: csvColumns(columns), rows: inCreatedOrder(alias, query(selections(columns))) };
}

export function exportTable(db: Db, kind: ExportKind): { columns: CsvColumn[]; rows: AsyncIterable<CsvRow> } {
  switch (kind) {
    case 'partners':
      return tableExport('p', PARTNER_COLUMNS, (selection) =>
        db.selectFrom('partners as p').innerJoin('users as u', 'u.id', 'p.userId').select(selection),
      );
    case 'referrals':
      return tableExport('r', REFERRAL_COLUMNS, (selection) =>
        db.selectFrom('referrals as r').innerJoin('partners as p', 'p.id', 'r.partnerId').select(selection),
      );
    case 'commissions':
      return tableExport('c', COMMISSION_COLUMNS, (selection) =>
        db
          .selectFrom('commissions as c')
          .innerJoin('partners as p', 'p.id', 'c.partnerId')
          .leftJoin('referrals as r', 'r.id', 'c.referralId')
          .select(selection),
      );
  }
}

/** Records an export download (who took which data out, and when). */
export async function logExport(db: Db, { kind, actorId }: { kind: ExportKind; actorId: string }): Promise<void> {
  const entityType = ({ partners: 'partner', referrals: 'referral', commissions: 'commission' } as const)[kind];
  await logActivity(db, {
    userId: actorId,
    action: 'export.downloaded',
    entityType,
    entityId: null,
    details: { kind },
  });
}
