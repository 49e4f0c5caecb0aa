// The partner's tax profile (W-9 facts, the TIN encrypted like bank numbers), the 1099-NEC
// report of a tax year, and the payout processor's check for partners past the threshold without one.

import {
  maskTin,
  MESSAGES,
  TAX_MESSAGES,
  type PendingFilter,
  type TaxProfile,
  type TaxProfileInput,
} from '@portal/contracts';
import type { Db, TaxProfileRow } from '@portal/db';
import { sql } from 'kysely';
import type { AppConfig } from '../../config';
import { logActivity, type DbOrTx } from '../platform/activity';
import type { FieldCipher } from '../platform/crypto';
import { DomainError } from '../platform/errors';
import type { AppDeps, SessionUser } from '../../deps';
import { confirmCurrentPassword } from '../accounts/password-reset';
import { notifyDetailsChanged, partnerContact } from '../notifications/notify';

/** Associated data of a partner's TIN, like bankFieldContext: a ciphertext copied to another row does not decrypt. */
export const taxFieldContext = (partnerId: string) => `tax_profiles.tin:${partnerId}`;

/**
 * The federal 1099-NEC threshold by the year payments are made: $600 through 2025; $2,000 for
 * payments after December 31, 2025 (One Big Beautiful Bill Act, Pub. L. 119-21, § 70433), indexed
 * for inflation after 2026, so later years repeat 2,000.00 until TAX_1099_THRESHOLDS names them.
 */
export function federalThreshold(year: number): string {
  return year <= 2025 ? '600.00' : '2000.00';
}

export function thresholdFor(config: Pick<AppConfig, 'tax'>, year: number): string {
  return config.tax.thresholds[year] ?? federalThreshold(year);
}

function toTaxProfile(row: TaxProfileRow): TaxProfile {
  return {
    legalName: row.legalName,
    businessName: row.businessName,
    taxClassification: row.taxClassification,
    tinType: row.tinType,
    tinMasked: maskTin(row.tinType, row.tinLast4),
    address: row.address,
    certifiedAt: row.certifiedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getTaxProfile(db: Db, partnerId: string): Promise<TaxProfile | null> {
  const row = await db.selectFrom('taxProfiles').selectAll().where('partnerId', '=', partnerId).executeTakeFirst();
  return row ? toTaxProfile(row) : null;
}

type ParsedTaxProfile = Omit<TaxProfileInput, 'certified' | 'businessName'> & {
  businessName?: string | undefined;
  tin: string;
};

/**
 * Saves the partner's tax profile; the certification is dated now. Replacing one on file (a new legal
 * name or TIN changes who the 1099-NEC names) asks for the current password, as new bank details do,
 * and mails the partner and the team; the first save asks for neither.
 */
export async function saveTaxProfile(
  deps: AppDeps,
  { user, partnerId, input, ip }: { user: SessionUser; partnerId: string; input: ParsedTaxProfile; ip: string },
): Promise<TaxProfile> {
  const onFile = await deps.db
    .selectFrom('taxProfiles')
    .select('partnerId')
    .where('partnerId', '=', partnerId)
    .executeTakeFirst();
  if (onFile) {
    if (!input.currentPassword) throw DomainError.invalid(MESSAGES.currentPasswordRequired);
    await confirmCurrentPassword(deps, { user, password: input.currentPassword, ip });
  }
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const values = {
      legalName: input.legalName,
      businessName: input.businessName ?? null,
      taxClassification: input.taxClassification,
      tinType: input.tinType,
      tin: deps.cipher.encrypt(input.tin, taxFieldContext(partnerId)),
      tinLast4: input.tin.slice(-4),
      address: input.address,
      certifiedAt: now,
      updatedAt: now,
    };
    const row = await trx
      .insertInto('taxProfiles')
      .values({ partnerId, ...values, createdAt: now })
      .onConflict((oc) => oc.column('partnerId').doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.updateTable('partners').set({ w9OnFile: true, updatedAt: now }).where('id', '=', partnerId).execute();
    // The TIN itself never goes into the log or a mail: its last four digits at most.
    await logActivity(trx, {
      userId: user.id,
      action: onFile ? 'tax_profile.replaced' : 'tax_profile.saved',
      entityType: 'partner',
      entityId: partnerId,
      details: { tinType: input.tinType, taxClassification: input.taxClassification, certifiedAt: now.toISOString() },
    });
    if (onFile) await mailTaxProfileReplaced(trx, { deps, partnerId, tinLast4: values.tinLast4, now });
    return toTaxProfile(row);
  });
}

/** The partner and the team (admins and finance, who file the 1099-NEC) hear that tax information was replaced. */
async function mailTaxProfileReplaced(
  trx: DbOrTx,
  { deps, partnerId, tinLast4, now }: { deps: AppDeps; partnerId: string; tinLast4: string; now: Date },
): Promise<void> {
  await notifyDetailsChanged(trx, {
    mail: deps,
    now,
    partner: await partnerContact(trx, partnerId),
    change: 'taxProfile',
    details: { tinLast4 },
    roles: ['admin', 'finance'],
    partnersPath: `/admin/partners/${partnerId}`,
  });
}

const yearBounds = (year: number) => ({
  start: new Date(Date.UTC(year, 0, 1)),
  end: new Date(Date.UTC(year + 1, 0, 1)),
});

export const FORM_1099_COLUMNS = [
  { key: 'partnerId', header: 'Partner ID' },
  { key: 'legalName', header: 'Recipient legal name' },
  { key: 'businessName', header: 'Business name' },
  { key: 'taxClassification', header: 'Tax classification' },
  { key: 'tinType', header: 'TIN type' },
  { key: 'tin', header: 'TIN' },
  { key: 'address', header: 'Address' },
  { key: 'compensation', header: 'Nonemployee compensation (box 1)' },
  { key: 'payoutCount', header: 'Payout count' },
  { key: 'taxProfile', header: 'Tax profile' },
] as const;

/** The payee's columns of a 1099 row: the partner, and its tax profile when there is one. */
const FORM_1099_PAYEE = [
  'p.companyName',
  'p.mailingAddress',
  't.legalName',
  't.businessName',
  't.taxClassification',
  't.tinType',
  't.tin',
  't.address',
] as const;

export type Form1099Row = Record<(typeof FORM_1099_COLUMNS)[number]['key'], string>;

/**
 * One row per partner whose payments in the calendar year reach the year's threshold. The TIN is
 * decrypted for the admin; a partner without a tax profile is listed with its company name and
 * "missing", so nobody past the threshold drops out of the report. The download is logged.
 */
export async function form1099Rows(
  db: Db,
  {
    cipher,
    config,
    year,
    actorId,
  }: { cipher: FieldCipher; config: Pick<AppConfig, 'tax'>; year: number; actorId: string },
): Promise<Form1099Row[]> {
  const { start, end } = yearBounds(year);
  const threshold = thresholdFor(config, year);
  const rows = await db
    .selectFrom('commissions as c')
    .innerJoin('partners as p', 'p.id', 'c.partnerId')
    .leftJoin('taxProfiles as t', 't.partnerId', 'c.partnerId')
    .select([
      'p.id as partnerId',
      ...FORM_1099_PAYEE,
      sql<string>`sum(c.amount)::numeric(14, 2)::text`.as('compensation'),
      sql<number>`count(distinct c.payout_id)::int`.as('payoutCount'),
    ])
    .where('c.status', '=', 'paid')
    .where('c.paymentDate', '>=', start)
    .where('c.paymentDate', '<', end)
    .groupBy(['p.id', ...FORM_1099_PAYEE])
    .having(sql<boolean>`sum(c.amount) >= ${threshold}::numeric`)
    .orderBy('p.companyName')
    .orderBy('p.id')
    .execute();
  await logActivity(db, {
    userId: actorId,
    action: 'export.downloaded',
    entityType: 'partner',
    entityId: null,
    details: { kind: '1099-nec', year, threshold, partnerCount: rows.length },
  });
  return rows.map((row) => ({
    partnerId: row.partnerId,
    legalName: row.legalName ?? row.companyName,
    businessName: row.businessName ?? '',
    taxClassification: row.taxClassification ?? '',
    tinType: row.tinType ? row.tinType.toUpperCase() : '',
    tin: row.tin ? formatTin(cipher.decrypt(row.tin, taxFieldContext(row.partnerId)), row.tinType) : '',
    address: row.address ?? row.mailingAddress ?? '',
    compensation: row.compensation,
    payoutCount: String(row.payoutCount),
    taxProfile: row.tin ? 'on file' : 'missing',
  }));
}

/** 123-45-6789 for an SSN, 12-3456789 for an EIN. */
const formatTin = (digits: string, type: string | null) =>
  type === 'ssn'
    ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`
    : `${digits.slice(0, 2)}-${digits.slice(2)}`;

export interface MissingTaxProfile {
  partnerId: string;
  companyName: string;
}

/**
 * The partners among `partnerIds` without a tax profile whose payments this calendar year plus the
 * coming ones reach the threshold. The coming ones are the given commissions (a payout being made),
 * or, without them, every pending commission of the partner (the processor's list).
 */
export interface TaxProfileCheck {
  config: Pick<AppConfig, 'tax'>;
  now: Date;
  partnerIds: readonly string[];
  commissionIds?: readonly string[] | undefined;
}

export async function partnersMissingTaxProfile(
  db: DbOrTx,
  { config, now, partnerIds, commissionIds }: TaxProfileCheck,
): Promise<MissingTaxProfile[]> {
  if (partnerIds.length === 0) return [];
  const year = now.getUTCFullYear();
  const { start, end } = yearBounds(year);
  const selected = commissionIds
    ? commissionIds.length
      ? sql`and c.id in (${sql.join(commissionIds)})`
      : sql`and false`
    : sql``;
  // Only a partner without a tax profile has its payments summed (the materialized set comes first), and each
  // sum reads its own covering index: the year's paid fees by date (commissions_partner_paid_idx) and the
  // pending ones (commissions_pending_partner_idx), never the rest of the partner's history.
  const result = await sql<MissingTaxProfile>`
    with unprofiled as materialized (
      select p.id, p.company_name
      from partners p
      where p.id in (${sql.join(partnerIds)})
        and not exists (select 1 from tax_profiles t where t.partner_id = p.id)
    )
    select u.id as partner_id, u.company_name
    from unprofiled u
    where coalesce((
            select sum(c.amount) from commissions c
            where c.partner_id = u.id and c.status = 'paid' and c.payment_date >= ${start} and c.payment_date < ${end}
          ), 0)
        + coalesce((
            select sum(c.amount) from commissions c where c.partner_id = u.id and c.status = 'pending' ${selected}
          ), 0)
        >= ${thresholdFor(config, year)}::numeric
    order by u.company_name, u.id
  `.execute(db);
  return result.rows;
}

/** REQUIRE_TAX_PROFILE_FOR_PAYOUT: a payout that takes a partner past the threshold without a tax profile is refused (422). */
export async function refuseMissingTaxProfiles(
  db: DbOrTx,
  check: TaxProfileCheck & { commissionIds: readonly string[] },
): Promise<void> {
  if (!check.config.tax.requireProfileForPayout) return;
  const [missing] = await partnersMissingTaxProfile(db, check);
  if (missing) throw DomainError.unprocessable(TAX_MESSAGES.missingForPayout(missing.companyName));
}

/**
 * The partners with pending commissions matching the processor's filter that lack a tax profile past
 * the threshold: asked once before a streamed list, so each batch is marked without another query.
 */
export async function pendingPartnersMissingTaxProfile(
  db: Db,
  { config, now, filter }: { config: Pick<AppConfig, 'tax'>; now: Date; filter: PendingFilter },
): Promise<Set<string>> {
  let pending = db.selectFrom('commissions').select('partnerId').distinct().where('status', '=', 'pending');
  if (filter.partnerId) pending = pending.where('partnerId', '=', filter.partnerId);
  if (filter.month) pending = pending.where('monthYear', '=', filter.month);
  const partnerIds = (await pending.execute()).map((row) => row.partnerId);
  return new Set((await partnersMissingTaxProfile(db, { config, now, partnerIds })).map((row) => row.partnerId));
}

/** The processor's flag on each pending line: its partner lacks a tax profile past the threshold. */
export async function withTaxProfileMarks<T extends { partnerId: string }>(
  db: Db,
  { config, now, items }: { config: Pick<AppConfig, 'tax'>; now: Date; items: readonly T[] },
): Promise<Array<T & { taxProfileMissing: boolean }>> {
  const partnerIds = [...new Set(items.map((item) => item.partnerId))];
  const missing = new Set(
    (await partnersMissingTaxProfile(db, { config, now, partnerIds })).map((row) => row.partnerId),
  );
  return items.map((item) => ({ ...item, taxProfileMissing: missing.has(item.partnerId) }));
}
