// A partner's statement of one month, as PDF (pdf-lib) and CSV. The balance is what the
// firm owes the partner: commissions earned (by their month) less what was paid (by payment date),
// so one month's closing balance is the next month's opening balance.

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

/**
 * The statuses whose amount the partner is owed (or was paid). A failed commission is still owed: its
 * payment did not reach the partner, and it is paid again once the payment details are fixed. A voided
 * line (taken back before payment) is listed with the amount it counts, 0.00, and what was voided.
 */
const OWED_STATUSES = ['pending', 'paid', 'failed'] as const satisfies readonly CommissionStatus[];

/** What a line adds to the month's earnings: its amount, or 0.00 once voided. */
export const countedAmount = (line: Pick<StatementLine, 'amount' | 'status'>) =>
  line.status === 'voided' ? '0.00' : line.amount;

/** A line's note: what a void took back and why; that a failed payment is still owed. */
export function lineNote(line: Pick<StatementLine, 'amount' | 'status' | 'voidReason'>): string {
  if (line.status === 'voided')
    return `Voided ${formatMoney(line.amount)}${line.voidReason ? `: ${line.voidReason}` : ''}`;
  if (line.status === 'failed') return 'The payment failed; still owed';
  return '';
}

export interface StatementLine {
  /** 'Commission' for a recurring line; adjustments name their kind ('Bonus', 'Clawback'). */
  kind: string;
  monthYear: string;
  /** The client, or for an adjustment made without one, null. */
  clientCompanyName: string | null;
  serviceType: ServiceType | null;
  /** Why an adjustment was made (null for recurring lines). */
  reason: string | null;
  /** The line's own amount; a voided line counts 0.00 (countedAmount). */
  amount: string;
  status: CommissionStatus;
  voidReason: string | null;
}

const LINE_KIND_LABELS: Record<CommissionKind, string> = {
  recurring: 'Commission',
  bonus: 'Bonus',
  clawback: 'Clawback',
};

/** The service of a client's line; an adjustment's reason. */
const lineDetail = (line: StatementLine): string =>
  line.serviceType ? SERVICE_TYPE_LABELS[line.serviceType] : (line.reason ?? '');

/**
 * The partner's line in a payout of the month, as the payout history lists it. A returned line is listed
 * with what it counts toward "Paid this month", 0.00, and a note of what came back: its fees are failed,
 * still owed, and counted under the month's lines instead.
 */
export interface StatementPayout {
  reference: string;
  paidAt: Date;
  method: string | null;
  amount: string;
  commissionCount: number;
  status: PayoutLineStatus;
  returnReason: string | null;
  resolvedAt: Date | null;
}

/** What a payout adds to the month's payments: its amount, or 0.00 once its line came back. */
export const paidAmount = (payout: Pick<StatementPayout, 'amount' | 'status'>) =>
  payout.status === 'returned' ? '0.00' : payout.amount;

/** A payout's note: that its line came back, on which day and why, and that its fees are still owed. */
export function payoutNote(payout: Pick<StatementPayout, 'amount' | 'status' | 'returnReason' | 'resolvedAt'>): string {
  if (payout.status !== 'returned') return '';
  const day = payout.resolvedAt ? ` on ${payout.resolvedAt.toISOString().slice(0, 10)}` : '';
  const reason = payout.returnReason ? `: ${payout.returnReason}` : '';
  return `${formatMoney(payout.amount)} returned${day}${reason}; still owed`;
}

export interface Statement {
  firmName: string;
  partner: { id: string; companyName: string; contactName: string };
  month: string;
  periodStart: string;
  periodEnd: string;
  openingBalance: string;
  earned: string;
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

/** The month of the partner's earliest fee or adjustment ("YYYY-MM"), or null: their statements start there at the latest. */
export async function firstFeeMonth(db: Db, partnerId: string): Promise<string | null> {
  const row = await db
    .selectFrom('commissions')
    .select((eb) => eb.fn.min('monthYear').as('month'))
    .where('partnerId', '=', partnerId)
    .executeTakeFirst();
  return row?.month ?? null;
}

export async function buildStatement(db: Db, partnerId: string, month: string): Promise<Statement> {
  const partner = await db
    .selectFrom('partners')
    .select(['id', 'companyName', 'contactName'])
    .where('id', '=', partnerId)
    .executeTakeFirst();
  if (!partner) throw DomainError.notFound(MESSAGES.partnerNotFound);
  const start = monthStart(month);
  const end = nextMonthStart(month);
  const owed = sql.join(OWED_STATUSES.map((status) => sql.lit(status)));

  const [balances, lines, payouts] = await Promise.all([
    sql<{ openingBalance: string; earned: string; paid: string; closingBalance: string }>`
      with sums as (
        select
          coalesce(sum(amount) filter (where month_year < ${month} and status in (${owed})), 0) as earned_before,
          coalesce(sum(amount) filter (where status = 'paid' and payment_date < ${start}), 0) as paid_before,
          coalesce(sum(amount) filter (where month_year = ${month} and status in (${owed})), 0) as earned,
          coalesce(sum(amount) filter (where status = 'paid' and payment_date >= ${start} and payment_date < ${end}), 0) as paid
        from commissions where partner_id = ${partnerId}
      )
      select (earned_before - paid_before)::numeric(14, 2)::text as opening_balance,
             earned::numeric(14, 2)::text as earned,
             paid::numeric(14, 2)::text as paid,
             (earned_before - paid_before + earned - paid)::numeric(14, 2)::text as closing_balance
      from sums
    `.execute(db),
    db
      .selectFrom('commissions as c')
      .leftJoin('referrals as r', 'r.id', 'c.referralId')
      .select([
        'c.kind',
        'c.monthYear',
        'r.clientCompanyName',
        'r.serviceType',
        'c.amount',
        'c.status',
        'c.reason',
        'c.voidReason',
      ])
      .where('c.partnerId', '=', partnerId)
      .where('c.monthYear', '=', month)
      .orderBy('r.clientCompanyName')
      .orderBy('c.id')
      .execute(),
    partnerPayoutLines(db, partnerId)
      .where('p.createdAt', '>=', start)
      .where('p.createdAt', '<', end)
      .orderBy('p.createdAt')
      .orderBy('p.id')
      .execute(),
  ]);
  const sums = balances.rows[0];
  if (!sums) throw new Error('statement balances missing');
  return {
    firmName: PRODUCT_NAME,
    partner,
    month,
    periodStart: start.toISOString().slice(0, 10),
    periodEnd: new Date(end.getTime() - 86_400_000).toISOString().slice(0, 10),
    ...sums,
    lines: lines.map(({ kind, ...line }) => ({ ...line, kind: LINE_KIND_LABELS[kind] })),
    payouts: payouts.map((payout) => ({
      reference: payout.reference,
      paidAt: payout.paidAt,
      method: payout.method,
      amount: payout.amount,
      commissionCount: Number(payout.commissionCount),
      status: payout.status,
      returnReason: payout.returnReason,
      resolvedAt: payout.resolvedAt,
    })),
  };
}

/** A payment as the CSV lists it, leaving the balance: "-150.00"; nothing paid is "0.00", not "-0.00". */
const paidOut = (amount: string) => (amount === '0.00' ? amount : `-${amount}`.replace('--', ''));

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
      date: '',
      month: line.monthYear,
      description: line.clientCompanyName ?? 'Adjustment',
      detail: lineDetail(line),
      amount: countedAmount(line),
      status: COMMISSION_STATUS_LABELS[line.status],
      note: lineNote(line),
    })),
    ...statement.payouts.map((payout) => ({
      ...blank,
      section: 'Payout',
      date: payout.paidAt.toISOString().slice(0, 10),
      description: payout.reference,
      detail: methodLabel(payout.method),
      amount: paidOut(paidAmount(payout)),
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
      { x: PAGE.margin, header: 'Type', width: 66, cell: (line: StatementLine) => line.kind },
      { x: PAGE.margin + 70, header: 'Client', width: 195, cell: (line) => line.clientCompanyName ?? 'Adjustment' },
      { x: PAGE.margin + 270, header: 'Service', width: 110, cell: lineDetail },
      { x: PAGE.margin + 440, header: 'Amount', right: true, cell: (line) => formatMoney(countedAmount(line)) },
      { x: PAGE.margin + 452, header: 'Status', cell: (line) => COMMISSION_STATUS_LABELS[line.status] },
    ],
    items: statement.lines,
    empty: 'No commissions this month',
    total: { label: 'Earned this month', amount: statement.earned },
  });
  for (const line of statement.lines.filter((item) => item.status !== 'pending' && item.status !== 'paid'))
    writer.text(`${line.clientCompanyName ?? 'Adjustment'}: ${lineNote(line)}`, { size: 8 });
  writer.gap(10);

  writer.table({
    title: 'Payouts',
    columns: [
      { x: PAGE.margin, header: 'Date', cell: (payout: StatementPayout) => payout.paidAt.toISOString().slice(0, 10) },
      { x: PAGE.margin + 80, header: 'Reference', cell: (payout) => payout.reference },
      { x: PAGE.margin + 250, header: 'Method', cell: (payout) => methodLabel(payout.method) },
      { x: PAGE.margin + 360, header: 'Lines', cell: (payout) => String(payout.commissionCount) },
      { x: PAGE.margin + 440, header: 'Amount', right: true, cell: (payout) => formatMoney(paidAmount(payout)) },
      { x: PAGE.margin + 452, header: 'Status', cell: (payout) => PAYOUT_LINE_STATUS_LABELS[payout.status] },
    ],
    items: statement.payouts,
    empty: 'No payouts this month',
    total: { label: 'Paid this month', amount: statement.paid },
  });
  for (const payout of statement.payouts.filter((item) => item.status === 'returned'))
    writer.text(`${payout.reference}: ${payoutNote(payout)}`, { size: 8 });
  writer.gap(10);
  writer.total('Closing balance', statement.closingBalance, right);
  writer.gap(16);
  writer.text(
    'Amounts in US dollars. The balance is commissions earned less payouts made; a failed payment stays owed, a voided line is not.',
    { size: 8 },
  );
  return doc.save();
}
