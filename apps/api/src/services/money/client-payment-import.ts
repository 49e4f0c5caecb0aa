// The client payments import: a CSV as a billing system exports it, one payment a row (client email or
// referral id, period, amount, paid date, collection cost, reference). Every row is checked before
// anything is written and the answer is a per-row report (the fee each row earns or would earn); with
// any bad row nothing is written, and a dry run only reports. Re-importing rows already imported records
// nothing twice: an imported row is identified by referral + period + reference, or, for a row without a
// reference, referral + period + amount + paid date (stored as the payment's external id, unique per
// source). The whole import is one transaction; fees are computed in memory by the rule of
// client-payments.ts and written in bulk, so 100,000 rows take a few statements, not 100,000.

import {
  CLIENT_PAYMENT_MESSAGES,
  addDays,
  clientPaymentFields,
  fromCents,
  isMonthNotStarted,
  type ImportReport,
  type ImportRowReport,
} from '@portal/contracts';
import type { Db } from '@portal/db';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { logActivity } from '../platform/activity';
import { DomainError } from '../platform/errors';
import { enqueueWebhookEvent } from '../integrations/webhooks';
import { feeOfPayment, feeReferralColumns, type FeeReferral, type PaymentValues } from './client-payments';

export const IMPORT_MAX_ROWS = 200_000;
const CHUNK = 5_000;

/** Header names accepted for each field (case and spaces/underscores ignored). */
const HEADERS: Record<string, readonly string[]> = {
  email: ['clientemail', 'email', 'customeremail'],
  referralId: ['referralid', 'referral'],
  periodMonth: ['period', 'periodmonth', 'month'],
  amount: ['amount', 'amountpaid'],
  paidAt: ['paiddate', 'paidat', 'paymentdate', 'paidon'],
  collectionCost: ['collectioncost', 'cost', 'fees'],
  reference: ['reference', 'invoice', 'invoicenumber', 'ref'],
};
const normaliseHeader = (name: string) => name.toLowerCase().replace(/[\s_-]/g, '');

export const IMPORT_MESSAGES = {
  empty:
    'The file has no rows: the first line names the columns (client_email or referral_id, period, amount, paid_date, collection_cost, reference)',
  missingColumns: (names: string[]) => `The file has no ${names.join(', ')} column`,
  noClient: 'Give the client email or the referral id',
  unknownReferral: 'No referral with this id',
  unknownEmail: (email: string) => `No referral has the client email ${email}`,
  ambiguousEmail: (email: string, count: number) =>
    `${count} referrals have the client email ${email}; give the referral id instead`,
  tooMany: `An import holds at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows`,
  unreadable: (why: string) => `The file is not a readable CSV: ${why}`,
  duplicateInFile: (row: number) => `The same payment as row ${row}; it is recorded once`,
} as const;

interface ParsedRow {
  row: number;
  referral: FeeReferral | null;
  payment: PaymentValues | null;
  externalId: string | null;
  error: string | null;
}

function importIdentity(referralId: string, p: PaymentValues): string {
  return p.reference
    ? `${referralId}|${p.periodMonth}|ref:${p.reference}`
    : `${referralId}|${p.periodMonth}|${p.amount}|${p.paidAt}`;
}

function readCsv(text: string): { header: string[]; records: string[][] } {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), { skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (error) {
    throw DomainError.invalid(IMPORT_MESSAGES.unreadable((error as Error).message), error);
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) throw DomainError.invalid(IMPORT_MESSAGES.empty);
  if (rows.length > IMPORT_MAX_ROWS) throw DomainError.tooLarge(IMPORT_MESSAGES.tooMany);
  return { header: header.map(normaliseHeader), records: rows };
}

export interface ImportOptions {
  csv: string;
  dryRun: boolean;
  actorId: string | null;
  now: Date;
}

export async function importClientPayments(
  db: Db,
  { csv, dryRun, actorId, now }: ImportOptions,
): Promise<ImportReport> {
  const { header, records } = readCsv(csv);
  const column = (field: string) => header.findIndex((name) => HEADERS[field]?.includes(name));
  const at = Object.fromEntries(Object.keys(HEADERS).map((field) => [field, column(field)])) as Record<string, number>;
  const missing = ['periodMonth', 'amount', 'paidAt'].filter((field) => at[field] === -1);
  if (at.email === -1 && at.referralId === -1) missing.unshift('client_email or referral_id');
  if (missing.length > 0)
    throw DomainError.invalid(
      IMPORT_MESSAGES.missingColumns(missing.map((f) => ({ periodMonth: 'period', paidAt: 'paid_date' })[f] ?? f)),
    );
  const cell = (record: string[], field: string) => {
    const index = at[field] ?? -1;
    const value = index >= 0 ? (record[index] ?? '').trim() : '';
    return value === '' ? undefined : value;
  };
  const today = now.toISOString().slice(0, 10);

  return db.transaction().execute(async (trx) => {
    // Imports queue behind each other; manual payments lock their referral (below, every referral of the file).
    await sql`select pg_advisory_xact_lock(hashtextextended('client-payments-import', 0))`.execute(trx);
    const ids = new Set<string>();
    const emails = new Set<string>();
    for (const record of records) {
      const id = cell(record, 'referralId');
      if (id && /^[0-9a-f-]{36}$/i.test(id)) ids.add(id.toLowerCase());
      else {
        const email = cell(record, 'email');
        if (email) emails.add(email.toLowerCase());
      }
    }
    const referralRows = await trx
      .selectFrom('referrals')
      .select([...feeReferralColumns, 'clientEmail'])
      .where((eb) =>
        eb.or([
          sql<boolean>`id = any(${sql.val([...ids])}::uuid[])`,
          sql<boolean>`lower(client_email) = any(${sql.val([...emails])}::text[])`,
        ]),
      )
      .orderBy('id')
      .forUpdate()
      .execute();
    const byId = new Map(referralRows.map((r) => [r.id, r]));
    const byEmail = new Map<string, typeof referralRows>();
    for (const r of referralRows) {
      if (!r.clientEmail) continue;
      const key = r.clientEmail.toLowerCase();
      byEmail.set(key, [...(byEmail.get(key) ?? []), r]);
    }

    const parsed: ParsedRow[] = records.map((record, index) => {
      const row = index + 2; // the header is line 1
      const fields = clientPaymentFields.safeParse({
        periodMonth: cell(record, 'periodMonth') ?? '',
        amount: cell(record, 'amount') ?? '',
        paidAt: cell(record, 'paidAt') ?? '',
        collectionCost: cell(record, 'collectionCost'),
        reference: cell(record, 'reference'),
      });
      let referral: FeeReferral | null = null;
      let error: string | null = null;
      const id = cell(record, 'referralId');
      const email = cell(record, 'email');
      if (id) {
        referral = byId.get(id.toLowerCase()) ?? null;
        if (!referral) error = IMPORT_MESSAGES.unknownReferral;
      } else if (email) {
        const matches = (byEmail.get(email.toLowerCase()) ?? []).filter((r) => r.stage === 'won');
        const candidates = matches.length > 0 ? matches : (byEmail.get(email.toLowerCase()) ?? []);
        if (candidates.length === 1) referral = candidates[0] ?? null;
        else
          error =
            candidates.length === 0
              ? IMPORT_MESSAGES.unknownEmail(email)
              : IMPORT_MESSAGES.ambiguousEmail(email, candidates.length);
      } else error = IMPORT_MESSAGES.noClient;
      if (!fields.success) error = fields.error.issues[0]?.message ?? 'Invalid row';
      else if (fields.data.paidAt > today) error = CLIENT_PAYMENT_MESSAGES.paidInFuture;
      else if (isMonthNotStarted(fields.data.periodMonth, now))
        error = CLIENT_PAYMENT_MESSAGES.monthNotStarted(fields.data.periodMonth);
      const payment = fields.success ? fields.data : null;
      return {
        row,
        referral,
        payment,
        externalId: referral && payment ? importIdentity(referral.id, payment) : null,
        error,
      };
    });

    // Rows imported before, and the months already earned, for every referral of the file.
    const externalIds = parsed.flatMap((p) => (p.externalId && !p.error ? [p.externalId] : []));
    const imported = new Set<string>();
    for (let i = 0; i < externalIds.length; i += CHUNK) {
      const rows = await trx
        .selectFrom('clientPayments')
        .select('externalId')
        .where('source', '=', 'import')
        .where(sql<boolean>`external_id = any(${sql.val(externalIds.slice(i, i + CHUNK))}::text[])`)
        .execute();
      for (const row of rows) if (row.externalId) imported.add(row.externalId);
    }
    const earned = new Map<string, Set<string>>();
    const referralIds = [...byId.keys()];
    for (let i = 0; i < referralIds.length; i += CHUNK) {
      const rows = await trx
        .selectFrom('commissions')
        .select(['referralId', 'monthYear'])
        .where('kind', '=', 'recurring')
        .where(sql<boolean>`referral_id = any(${sql.val(referralIds.slice(i, i + CHUNK))}::uuid[])`)
        .execute();
      for (const row of rows) {
        if (!row.referralId) continue;
        earned.set(row.referralId, (earned.get(row.referralId) ?? new Set()).add(row.monthYear));
      }
    }

    const report: ImportRowReport[] = [];
    const toWrite: { parsed: ParsedRow; feeCents: number }[] = [];
    const seen = new Map<string, number>();
    let feeCentsTotal = 0;
    for (const p of parsed) {
      const base = {
        row: p.row,
        referralId: p.referral?.id ?? null,
        clientCompanyName: p.referral?.clientCompanyName ?? null,
        periodMonth: p.payment?.periodMonth ?? null,
        amount: p.payment?.amount ?? null,
      };
      if (p.error || !p.referral || !p.payment || !p.externalId) {
        report.push({ ...base, ok: false, message: p.error, fee: null, alreadyImported: false });
        continue;
      }
      const earlierRow = seen.get(p.externalId);
      if (imported.has(p.externalId) || earlierRow !== undefined) {
        report.push({
          ...base,
          ok: true,
          message:
            earlierRow !== undefined
              ? IMPORT_MESSAGES.duplicateInFile(earlierRow)
              : 'Imported before; not recorded again',
          fee: '0.00',
          alreadyImported: true,
        });
        continue;
      }
      seen.set(p.externalId, p.row);
      const months = earned.get(p.referral.id) ?? new Set<string>();
      const fee = feeOfPayment({ referral: p.referral, payment: p.payment, earnedMonths: months, today });
      if (fee.cents > 0) {
        months.add(p.payment.periodMonth);
        earned.set(p.referral.id, months);
        feeCentsTotal += fee.cents;
      }
      toWrite.push({ parsed: p, feeCents: fee.cents });
      report.push({
        ...base,
        ok: true,
        message: fee.reason ?? null,
        fee: fromCents(fee.cents),
        alreadyImported: false,
      });
    }
    const errorCount = report.filter((r) => !r.ok).length;
    const feesCreated = toWrite.filter((w) => w.feeCents > 0).length;
    const summary = {
      dryRun,
      rows: report,
      okCount: report.length - errorCount,
      errorCount,
      feeTotal: fromCents(feeCentsTotal),
    };
    if (dryRun || errorCount > 0) return { ...summary, written: false, recorded: 0, feesCreated: 0 };

    // Write: the payments, then the fees naming them, in chunks (one statement each).
    const earnedBy = new Map<string, { partnerId: string; count: number; cents: number }>();
    for (let i = 0; i < toWrite.length; i += CHUNK) {
      const chunk = toWrite.slice(i, i + CHUNK);
      // One array per column (unnest), not a bound value per cell: PostgreSQL parses and plans 10 parameters
      // instead of 50,000, which is most of the cost of a large statement.
      const rows = chunk.map(({ parsed: p }) => ({
        referral: p.referral!,
        payment: p.payment!,
        externalId: p.externalId!,
      }));
      const { rows: payments } = await sql<{ id: string; externalId: string }>`
        insert into client_payments
          (referral_id, period_month, amount, paid_at, collection_cost, reference, source, external_id, created_by, created_at)
        select r, m, a, d, c, ref, 'import', x, ${actorId}::uuid, ${now}::timestamptz
        from unnest(
          ${sql.val(rows.map((r) => r.referral.id))}::uuid[],
          ${sql.val(rows.map((r) => r.payment.periodMonth))}::text[],
          ${sql.val(rows.map((r) => r.payment.amount))}::numeric[],
          ${sql.val(rows.map((r) => r.payment.paidAt))}::date[],
          ${sql.val(rows.map((r) => r.payment.collectionCost ?? '0.00'))}::numeric[],
          ${sql.val(rows.map((r) => r.payment.reference ?? null))}::text[],
          ${sql.val(rows.map((r) => r.externalId))}::text[]
        ) as t(r, m, a, d, c, ref, x)
        returning id, external_id`.execute(trx);
      const paymentId = new Map(payments.map((row) => [row.externalId, row.id]));
      const fees = chunk.filter((w) => w.feeCents > 0);
      if (fees.length > 0)
        await sql`
          insert into commissions
            (partner_id, referral_id, amount, month_year, kind, due_by, payable_from, client_payment_id, created_by, created_at, updated_at)
          select pa, r, a, m, 'recurring', d, pf, cp, ${actorId}::uuid, ${now}::timestamptz, ${now}::timestamptz
          from unnest(
            ${sql.val(fees.map(({ parsed: p }) => p.referral!.partnerId))}::uuid[],
            ${sql.val(fees.map(({ parsed: p }) => p.referral!.id))}::uuid[],
            ${sql.val(fees.map(({ feeCents }) => fromCents(feeCents)))}::numeric[],
            ${sql.val(fees.map(({ parsed: p }) => p.payment!.periodMonth))}::text[],
            ${sql.val(fees.map(({ parsed: p }) => addDays(p.payment!.paidAt, p.referral!.payoutDays)))}::date[],
            ${sql.val(fees.map(({ parsed: p }) => p.payment!.paidAt))}::date[],
            ${sql.val(fees.map(({ parsed: p }) => paymentId.get(p.externalId!) ?? null))}::uuid[]
          ) as t(pa, r, a, m, d, pf, cp)`.execute(trx);
      for (const { parsed: p, feeCents } of fees) {
        const partnerId = p.referral!.partnerId;
        const entry = earnedBy.get(partnerId) ?? { partnerId, count: 0, cents: 0 };
        entry.count += 1;
        entry.cents += feeCents;
        earnedBy.set(partnerId, entry);
      }
    }
    const details = { recorded: toWrite.length, feesCreated, feeTotal: summary.feeTotal, rows: report.length };
    await logActivity(trx, {
      userId: actorId,
      action: 'client_payments.imported',
      entityType: 'client_payment',
      entityId: null,
      details,
    });
    if (feesCreated > 0)
      await enqueueWebhookEvent(trx, {
        type: 'commissions.accrued',
        data: {
          month: null,
          created: feesCreated,
          skipped: 0,
          source: 'import',
          partners: [...earnedBy.values()].map((e) => ({
            partnerId: e.partnerId,
            count: e.count,
            amount: fromCents(e.cents),
          })),
        },
        now,
      });
    return { ...summary, written: true, recorded: toWrite.length, feesCreated };
  });
}
