// A partner's statement of one month, as PDF (pdf-lib) and CSV. It is a ledger: each line is booked in the
// month it happened — a fee or an adjustment when it was recorded, a void when it was voided, a payout when
// it was made, a returned payment when it came back — so a month's statement never changes once the month
// is over, and one month's closing balance is the next month's opening balance. The balance is what the
// firm owes the partner: what was booked less what was voided, less what was paid and did not come back.

import {
  COMMISSION_STATUS_LABELS,
  formatMoney,
  formatMonthKey,
  MESSAGES,
  PAYMENT_METHOD_LABELS,
  PAYOUT_LINE_STATUS_LABELS,
  PRODUCT_NAME,
  SERVICE_TYPE_LABELS,
  type CommissionKind,
  type CommissionStatus,
  type PayoutLineStatus,
  type ServiceType,
} from '@portal/contracts';
import type { Db } from '@portal/db';
import { sql } from 'kysely';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { DomainError } from '../platform/errors';
import { partnerPayoutLines } from './partner-payouts';

/** A UTC day, "YYYY-MM-DD". */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** An amount with its sign turned: "150.00" → "-150.00", "-75.50" → "75.50"; zero stays "0.00", not "-0.00". */
const negated = (amount: string) =>
  amount.startsWith('-') ? amount.slice(1) : Number(amount) === 0 ? amount : `-${amount}`;

export interface StatementLine {
  /** The day the line was booked; for a void, the day of the void. */
  date: string;
  /** 'Commission' for a recurring fee, 'Bonus' or 'Clawback' for an adjustment, 'Void' for a void of one. */
  kind: string;
  /** The month of service (or of the adjustment) the line is for, whichever month it was booked in. */
  monthYear: string;
  /** The client, or for an adjustment made without one, null. */
  clientCompanyName: string | null;
  serviceType: ServiceType | null;
  /** Why an adjustment was made (null for recurring lines). */
  reason: string | null;
  /** Signed: what the line adds to what the firm owes (a void takes the voided amount back). */
  amount: string;
  /** Where the line's fee stands today. */
  status: CommissionStatus;
  voidedAt: Date | null;
  voidReason: string | null;
}

/** A line's note: why a void was made, when and why a fee booked here was voided later, that a failed payment is owed. */
export function lineNote(line: Pick<StatementLine, 'kind' | 'status' | 'voidedAt' | 'voidReason'>): string {
  const why = line.voidReason ? `: ${line.voidReason}` : '';
  if (line.kind === VOID_KIND) return `Voided${why}`;
  if (line.status === 'voided' && line.voidedAt) return `Voided on ${dayOf(line.voidedAt)}${why}`;
  if (line.status === 'failed') return 'The payment failed; still owed';
  return '';
}

const VOID_KIND = 'Void';

const LINE_KIND_LABELS: Record<CommissionKind, string> = {
  recurring: 'Commission',
  bonus: 'Bonus',
  clawback: 'Clawback',
};

/** An adjustment's reason, whether or not it names a client (it says why money moved); else the client's service. */
const lineDetail = (line: StatementLine): string =>
  line.reason ?? (line.serviceType ? SERVICE_TYPE_LABELS[line.serviceType] : '');

/**
 * A payment of the month: the partner's line in a payout made in it ('paid'), or a line of a payout that
 * came back in it ('returned': the money is owed again, its fees failed until they are paid again).
 */
export interface StatementPayout {
  entry: 'paid' | 'returned';
  /** The payout's day, or the day its line came back. */
  date: Date;
  reference: string;
  method: string | null;
  /** The line's amount: paid out, or for a return, back to be owed. */
  amount: string;
  commissionCount: number;
  /** Where the line stands today. */
  status: PayoutLineStatus;
  returnCode: string | null;
  returnReason: string | null;
}

/** A payment's note: what came back and why, and that it is owed again. */
export function payoutNote(payout: Pick<StatementPayout, 'entry' | 'returnCode' | 'returnReason'>): string {
  if (payout.entry !== 'returned') return '';
  const why = payout.returnReason ?? payout.returnCode;
  return `Returned${why ? `: ${why}` : ''}; owed again`;
}

/** What a payment adds to the month's payments: its amount; a return takes it back off. */
const paymentAmount = (payout: Pick<StatementPayout, 'entry' | 'amount'>) =>
  payout.entry === 'returned' ? negated(payout.amount) : payout.amount;

export interface Statement {
  firmName: string;
  partner: { id: string; companyName: string; contactName: string };
  month: string;
  periodStart: string;
  periodEnd: string;
  openingBalance: string;
  /** What was booked in the month, less what was voided in it. */
  earned: string;
  /** What was paid in the month, less what came back in it. */
  paid: string;
  closingBalance: string;
  lines: StatementLine[];
  payouts: StatementPayout[];
}

const monthStart = (month: string) => new Date(`${month}-01T00:00:00.000Z`);
function nextMonthStart(month: string): Date {
  const start = monthStart(month);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

/**
 * The earliest month of the partner's fees and adjustments ("YYYY-MM"), or null: the earlier of the month one
 * is for and the month one was booked in, so the month pickers reach both the commission and the statement.
 */
export async function firstFeeMonth(db: Db, partnerId: string): Promise<string | null> {
  const row = await db
    .selectFrom('commissions')
    .select(
      sql<string | null>`least(min(month_year), to_char(min(created_at) at time zone 'UTC', 'YYYY-MM'))`.as('month'),
    )
    .where('partnerId', '=', partnerId)
    .executeTakeFirst();
  return row?.month ?? null;
}

/** The partner's balance before `start`, and what the month from `start` to `end` booked and paid. */
async function balances(db: Db, { partnerId, start, end }: { partnerId: string; start: Date; end: Date }) {
  const { rows } = await sql<{ openingBalance: string; earned: string; paid: string; closingBalance: string }>`
    with booked as (
      select
        coalesce(sum(amount) filter (where created_at < ${start}), 0)
          - coalesce(sum(amount) filter (where status = 'voided' and voided_at < ${start}), 0) as before,
        coalesce(sum(amount) filter (where created_at >= ${start} and created_at < ${end}), 0)
          - coalesce(sum(amount) filter (where status = 'voided' and voided_at >= ${start} and voided_at < ${end}), 0) as during
      from commissions where partner_id = ${partnerId}
    ), paid as (
      select
        coalesce(sum(l.amount) filter (where p.created_at < ${start}), 0)
          - coalesce(sum(l.amount) filter (where l.status = 'returned' and l.resolved_at < ${start}), 0) as before,
        coalesce(sum(l.amount) filter (where p.created_at >= ${start} and p.created_at < ${end}), 0)
          - coalesce(sum(l.amount) filter (where l.status = 'returned' and l.resolved_at >= ${start} and l.resolved_at < ${end}), 0) as during
      from payout_lines l join payouts p on p.id = l.payout_id where l.partner_id = ${partnerId}
    )
    select (booked.before - paid.before)::numeric(14, 2)::text as opening_balance,
           booked.during::numeric(14, 2)::text as earned,
           paid.during::numeric(14, 2)::text as paid,
           (booked.before - paid.before + booked.during - paid.during)::numeric(14, 2)::text as closing_balance
    from booked, paid
  `.execute(db);
  const sums = rows[0];
  if (!sums) throw new Error('statement balances missing');
  return sums;
}

/** The month's lines: each fee or adjustment booked in it, and each void made in it, in the order they happened. */
async function ledgerLines(
  db: Db,
  { partnerId, start, end }: { partnerId: string; start: Date; end: Date },
): Promise<StatementLine[]> {
  const lines = db
    .selectFrom('commissions as c')
    .leftJoin('referrals as r', 'r.id', 'c.referralId')
    .select([
      'c.id',
      'c.createdAt',
      'c.kind',
      'c.monthYear',
      'r.clientCompanyName',
      'r.serviceType',
      'c.amount',
      'c.status',
      'c.reason',
      'c.voidedAt',
      'c.voidReason',
    ])
    .where('c.partnerId', '=', partnerId);
  const [booked, voided] = await Promise.all([
    lines.where('c.createdAt', '>=', start).where('c.createdAt', '<', end).execute(),
    lines.where('c.status', '=', 'voided').where('c.voidedAt', '>=', start).where('c.voidedAt', '<', end).execute(),
  ]);
  const entries = [
    ...booked.map(({ createdAt, kind, ...line }) => ({ ...line, at: createdAt, kind: LINE_KIND_LABELS[kind] })),
    ...voided.map(({ voidedAt, amount, kind: _kind, ...line }) => ({
      ...line,
      voidedAt,
      at: voidedAt ?? start,
      kind: VOID_KIND,
      amount: negated(amount),
    })),
  ];
  // By time, then by client (lines booked at the same moment, as an accrual run's), then by id.
  entries.sort(
    (a, b) =>
      a.at.getTime() - b.at.getTime() ||
      (a.clientCompanyName ?? '').localeCompare(b.clientCompanyName ?? '') ||
      a.id.localeCompare(b.id),
  );
  return entries.map(({ id: _id, at, ...line }) => ({ ...line, date: dayOf(at) }));
}

/** The month's payments: the partner's lines of the payouts made in it, and the lines that came back in it. */
async function ledgerPayouts(
  db: Db,
  { partnerId, start, end }: { partnerId: string; start: Date; end: Date },
): Promise<StatementPayout[]> {
  const [paid, returned] = await Promise.all([
    partnerPayoutLines(db, partnerId).where('p.createdAt', '>=', start).where('p.createdAt', '<', end).execute(),
    partnerPayoutLines(db, partnerId)
      .where('l.status', '=', 'returned')
      .where('l.resolvedAt', '>=', start)
      .where('l.resolvedAt', '<', end)
      .execute(),
  ]);
  const entries = [
    ...paid.map((line) => ({ ...line, entry: 'paid' as const, date: line.paidAt })),
    ...returned.map((line) => ({ ...line, entry: 'returned' as const, date: line.resolvedAt ?? line.paidAt })),
  ];
  entries.sort((a, b) => a.date.getTime() - b.date.getTime() || a.id.localeCompare(b.id));
  return entries.map((line) => ({
    entry: line.entry,
    date: line.date,
    reference: line.reference,
    method: line.method,
    amount: line.amount,
    commissionCount: Number(line.commissionCount),
    status: line.status,
    returnCode: line.returnCode,
    returnReason: line.returnReason,
  }));
}

export async function buildStatement(
  db: Db,
  { partnerId, month }: { partnerId: string; month: string },
): Promise<Statement> {
  const partner = await db
    .selectFrom('partners')
    .select(['id', 'companyName', 'contactName'])
    .where('id', '=', partnerId)
    .executeTakeFirst();
  if (!partner) throw DomainError.notFound(MESSAGES.partnerNotFound);
  const period = { partnerId, start: monthStart(month), end: nextMonthStart(month) };
  const [sums, lines, payouts] = await Promise.all([
    balances(db, period),
    ledgerLines(db, period),
    ledgerPayouts(db, period),
  ]);
  return {
    firmName: PRODUCT_NAME,
    partner,
    month,
    periodStart: dayOf(period.start),
    periodEnd: dayOf(new Date(period.end.getTime() - 86_400_000)),
    ...sums,
    lines,
    payouts,
  };
}

const methodLabel = (method: string | null) =>
  method ? ((PAYMENT_METHOD_LABELS as Record<string, string>)[method] ?? method) : '';

// ---- CSV ----

export const STATEMENT_COLUMNS = [
  { key: 'section', header: 'Section' },
  { key: 'date', header: 'Date' },
  { key: 'month', header: 'Month' },
  { key: 'description', header: 'Client or reference' },
  { key: 'detail', header: 'Service or method' },
  { key: 'amount', header: 'Amount' },
  { key: 'status', header: 'Status' },
  { key: 'note', header: 'Note' },
] as const;

export function statementCsvRows(
  statement: Statement,
): Array<Record<(typeof STATEMENT_COLUMNS)[number]['key'], string>> {
  const blank = { date: '', month: '', description: '', detail: '', status: '', note: '' };
  return [
    { ...blank, section: 'Opening balance', date: statement.periodStart, amount: statement.openingBalance },
    ...statement.lines.map((line) => ({
      section: line.kind,
      date: line.date,
      month: line.monthYear,
      description: line.clientCompanyName ?? 'Adjustment',
      detail: lineDetail(line),
      amount: line.amount,
      status: COMMISSION_STATUS_LABELS[line.status],
      note: lineNote(line),
    })),
    // A payment leaves the balance (negative); a returned one comes back to it.
    ...statement.payouts.map((payout) => ({
      ...blank,
      section: payout.entry === 'returned' ? 'Returned payout' : 'Payout',
      date: dayOf(payout.date),
      description: payout.reference,
      detail: methodLabel(payout.method),
      amount: negated(paymentAmount(payout)),
      status: PAYOUT_LINE_STATUS_LABELS[payout.status],
      note: payoutNote(payout),
    })),
    { ...blank, section: 'Closing balance', date: statement.periodEnd, amount: statement.closingBalance },
  ];
}

// ---- PDF ----

/** Helvetica (a standard PDF font) writes WinAnsi only: other characters become "?". */
const winAnsi = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

const PAGE = { width: 612, height: 792, margin: 48 };

class PdfWriter {
  private page: PDFPage;
  private y: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  private room(height: number) {
    if (this.y - height >= PAGE.margin) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  text(value: string, options: { size?: number; bold?: boolean; gap?: number } = {}) {
    const size = options.size ?? 10;
    this.room(size + 6);
    this.y -= size + 4;
    this.page.drawText(winAnsi(value), {
      x: PAGE.margin,
      y: this.y,
      size,
      font: options.bold ? this.bold : this.font,
      color: rgb(0.1, 0.1, 0.12),
    });
    this.y -= options.gap ?? 2;
  }

  /** One row of cells at fixed x positions; a cell with `right` is aligned to its x. */
  row(cells: ReadonlyArray<{ x: number; text: string; right?: boolean; width?: number }>, bold = false) {
    const size = 9;
    this.room(size + 6);
    this.y -= size + 5;
    const font = bold ? this.bold : this.font;
    for (const cell of cells) {
      let text = winAnsi(cell.text);
      if (cell.width)
        while (text.length > 1 && font.widthOfTextAtSize(text, size) > cell.width) text = text.slice(0, -1);
      const x = cell.right ? cell.x - font.widthOfTextAtSize(text, size) : cell.x;
      this.page.drawText(text, { x, y: this.y, size, font, color: rgb(0.1, 0.1, 0.12) });
    }
  }

  rule() {
    this.room(8);
    this.y -= 4;
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y },
      end: { x: PAGE.width - PAGE.margin, y: this.y },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.65),
    });
    this.y -= 2;
  }

  gap(points: number) {
    this.y -= points;
  }

  /** A bold line: a label at the margin and an amount aligned right at `amountX`. */
  total(label: string, amount: string, amountX: number) {
    this.row(
      [
        { x: PAGE.margin, text: label },
        { x: amountX, text: formatMoney(amount), right: true },
      ],
      true,
    );
  }

  /**
   * A titled table: bold headers over a rule, a row per item (or a line saying there are none), a
   * rule, and the total under the amount column (the one aligned right).
   */
  table<T>({
    title,
    columns,
    items,
    empty,
    total,
  }: {
    title: string;
    columns: ReadonlyArray<{ x: number; header: string; right?: boolean; width?: number; cell: (item: T) => string }>;
    items: readonly T[];
    empty: string;
    total: { label: string; amount: string };
  }) {
    this.text(title, { size: 12, bold: true });
    this.row(
      columns.map(({ x, header, right }) => ({ x, text: header, right })),
      true,
    );
    this.rule();
    if (items.length === 0) this.row([{ x: PAGE.margin, text: empty }]);
    for (const item of items)
      this.row(columns.map(({ x, right, width, cell }) => ({ x, right, width, text: cell(item) })));
    this.rule();
    const amountX = columns.find((column) => column.right)?.x ?? PAGE.width - PAGE.margin;
    this.total(total.label, total.amount, amountX);
  }
}

export async function statementPdf(statement: Statement): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = `${statement.firmName} partner statement ${statement.month}`;
  doc.setTitle(winAnsi(title));
  doc.setAuthor(winAnsi(statement.firmName));
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  const writer = new PdfWriter(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  const right = PAGE.width - PAGE.margin;

  writer.text(statement.firmName, { size: 18, bold: true });
  writer.text('Partner statement', { size: 12, gap: 8 });
  writer.text(`Partner: ${statement.partner.companyName} (${statement.partner.contactName})`);
  writer.text(`Period: ${formatMonthKey(statement.month)} (${statement.periodStart} to ${statement.periodEnd})`, {
    gap: 10,
  });

  writer.total('Opening balance', statement.openingBalance, right);
  writer.gap(8);

  writer.table({
    title: 'Commissions and adjustments',
    columns: [
      { x: PAGE.margin, header: 'Date', cell: (line: StatementLine) => line.date },
      { x: PAGE.margin + 60, header: 'Type', width: 54, cell: (line) => line.kind },
      { x: PAGE.margin + 118, header: 'Client', width: 150, cell: (line) => line.clientCompanyName ?? 'Adjustment' },
      { x: PAGE.margin + 272, header: 'Service', width: 104, cell: lineDetail },
      { x: PAGE.margin + 440, header: 'Amount', right: true, cell: (line) => formatMoney(line.amount) },
      { x: PAGE.margin + 452, header: 'Status', cell: (line) => COMMISSION_STATUS_LABELS[line.status] },
    ],
    items: statement.lines,
    empty: 'No commissions this month',
    total: { label: 'Earned this month', amount: statement.earned },
  });
  for (const line of statement.lines.filter((item) => lineNote(item)))
    writer.text(`${line.clientCompanyName ?? 'Adjustment'}: ${lineNote(line)}`, { size: 8 });
  writer.gap(10);

  writer.table({
    title: 'Payouts',
    columns: [
      { x: PAGE.margin, header: 'Date', cell: (payout: StatementPayout) => dayOf(payout.date) },
      {
        x: PAGE.margin + 60,
        header: 'Reference',
        width: 180,
        cell: (payout) => (payout.entry === 'returned' ? `Returned: ${payout.reference}` : payout.reference),
      },
      { x: PAGE.margin + 250, header: 'Method', cell: (payout) => methodLabel(payout.method) },
      { x: PAGE.margin + 360, header: 'Lines', cell: (payout) => String(payout.commissionCount) },
      { x: PAGE.margin + 440, header: 'Amount', right: true, cell: (payout) => formatMoney(paymentAmount(payout)) },
      { x: PAGE.margin + 452, header: 'Status', cell: (payout) => PAYOUT_LINE_STATUS_LABELS[payout.status] },
    ],
    items: statement.payouts,
    empty: 'No payouts this month',
    total: { label: 'Paid this month', amount: statement.paid },
  });
  for (const payout of statement.payouts.filter((item) => item.entry === 'returned'))
    writer.text(`${payout.reference}: ${payoutNote(payout)}`, { size: 8 });
  writer.gap(10);
  writer.total('Closing balance', statement.closingBalance, right);
  writer.gap(16);
  writer.text(
    'Amounts in US dollars. Each line stands in the month it happened, so this statement does not change once the month is over;',
    { size: 8 },
  );
  writer.text(
    'Status is where a line stands today. The balance is what was earned less what was voided and paid; a returned payment is owed again.',
    { size: 8 },
  );
  return doc.save();
}
