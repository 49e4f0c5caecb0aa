// Program terms as data (DESIGN §8, migration 0026): the version in force is the newest whose effective
// date has come; publishing adds the next version (admins only, logged). A version's fee basis mirrors the
// program setting: publishing one switches the setting in the same transaction, and the program_settings
// row stays the switch the fee rules and the processor read.

import {
  PROGRAM_TERMS_MESSAGES,
  todayIsoDate,
  type ProgramTerms,
  type ProgramTermsOverview,
  type PublicProgramTerms,
  type ServiceType,
  type publishProgramTermsInput,
} from '@portal/contracts';
import type { Db, ProgramTermsRow } from '@portal/db';
import type { z } from 'zod';
import { logActivity, type DbOrTx } from './activity';
import { DomainError } from './errors';
import { inTransaction } from './idempotency';

type PublishInput = z.output<typeof publishProgramTermsInput>;

/** What the fee and qualification rules read of a terms version. */
export type TermsRules = Pick<
  ProgramTermsRow,
  | 'version'
  | 'agreementVersion'
  | 'basicAccountingFee'
  | 'controllerFee'
  | 'qualificationDays'
  | 'maxExtensionDays'
  | 'payoutDays'
  | 'minAnnualSales'
  | 'noticeDays'
>;

/** The monthly fee a version pays for a client of `service`. */
export function feeOfService(terms: Pick<TermsRules, 'basicAccountingFee' | 'controllerFee'>, service: ServiceType) {
  return service === 'controller' ? terms.controllerFee : terms.basicAccountingFee;
}

function toProgramTerms(
  row: ProgramTermsRow & { createdByEmail?: string | null; createdByName?: string | null },
): ProgramTerms {
  return {
    version: row.version,
    agreementVersion: row.agreementVersion,
    fees: { basic_accounting: row.basicAccountingFee, controller: row.controllerFee },
    qualificationDays: row.qualificationDays,
    maxExtensionDays: row.maxExtensionDays,
    payoutDays: row.payoutDays,
    minAnnualSales: row.minAnnualSales,
    noticeDays: row.noticeDays,
    feeBasis: row.feeBasis,
    effectiveFrom: row.effectiveFrom,
    agreementText: row.agreementText,
    changes: row.changes,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByEmail ?? null,
    createdByName: row.createdByName ?? null,
  };
}

export function toPublicProgramTerms(terms: ProgramTerms): PublicProgramTerms {
  const { version, agreementVersion, fees, qualificationDays, minAnnualSales, payoutDays, noticeDays } = terms;
  return {
    version,
    agreementVersion,
    fees,
    qualificationDays,
    minAnnualSales,
    payoutDays,
    noticeDays,
    effectiveFrom: terms.effectiveFrom,
    agreementText: terms.agreementText,
    changes: terms.changes,
  };
}

function termsQuery(db: DbOrTx) {
  return db
    .selectFrom('programTerms')
    .leftJoin('users', 'users.id', 'programTerms.createdBy')
    .selectAll('programTerms')
    .select(['users.email as createdByEmail', 'users.displayName as createdByName']);
}

/** The version in force on `now`'s day: the newest whose effective date has come (version 1 always has). */
export async function currentTermsRow(db: DbOrTx, now: Date): Promise<ProgramTermsRow> {
  return db
    .selectFrom('programTerms')
    .selectAll()
    .where('effectiveFrom', '<=', todayIsoDate(now))
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

/** One version's rules; version 1 when none is named (rows stored before terms were kept). */
export async function termsOfVersion(db: DbOrTx, version: number | null): Promise<ProgramTermsRow> {
  return db
    .selectFrom('programTerms')
    .selectAll()
    .where('version', '=', version ?? 1)
    .executeTakeFirstOrThrow();
}

export async function currentProgramTerms(db: DbOrTx, now: Date): Promise<ProgramTerms> {
  const current = await currentTermsRow(db, now);
  const row = await termsQuery(db).where('programTerms.version', '=', current.version).executeTakeFirstOrThrow();
  return toProgramTerms(row);
}

export async function programTermsOverview(db: DbOrTx, now: Date): Promise<ProgramTermsOverview> {
  const [current, rows] = await Promise.all([
    currentTermsRow(db, now),
    termsQuery(db).orderBy('programTerms.version', 'desc').execute(),
  ]);
  const history = rows.map(toProgramTerms);
  return { current: history.find((terms) => terms.version === current.version) as ProgramTerms, history };
}

/**
 * Publishes the next version: the numbers not given keep the latest version's, the effective date is
 * today unless a later day is given. One agreement version label names one terms version.
 */
export async function publishProgramTerms(
  db: Db,
  options: { actorId: string; input: PublishInput; now: Date },
): Promise<ProgramTerms> {
  const { input, now } = options;
  const today = todayIsoDate(now);
  if (input.effectiveFrom && input.effectiveFrom < today)
    throw DomainError.invalid(PROGRAM_TERMS_MESSAGES.effectiveInPast);
  return inTransaction(db, async (tx) => {
    // Publishers queue on the settings row: the next version number is read once at a time.
    const settings = await tx.selectFrom('programSettings').select('feeBasis').forUpdate().executeTakeFirstOrThrow();
    const latest = await tx
      .selectFrom('programTerms')
      .selectAll()
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const taken = await tx
      .selectFrom('programTerms')
      .select('version')
      .where('agreementVersion', '=', input.agreementVersion)
      .executeTakeFirst();
    if (taken) throw DomainError.conflict(PROGRAM_TERMS_MESSAGES.agreementVersionTaken(input.agreementVersion));
    const feeBasis = input.feeBasis ?? settings.feeBasis;
    const row = await tx
      .insertInto('programTerms')
      .values({
        version: latest.version + 1,
        agreementVersion: input.agreementVersion,
        basicAccountingFee: input.fees?.basic_accounting ?? latest.basicAccountingFee,
        controllerFee: input.fees?.controller ?? latest.controllerFee,
        qualificationDays: input.qualificationDays ?? latest.qualificationDays,
        maxExtensionDays: input.maxExtensionDays ?? latest.maxExtensionDays,
        payoutDays: input.payoutDays ?? latest.payoutDays,
        minAnnualSales: input.minAnnualSales ?? latest.minAnnualSales,
        noticeDays: input.noticeDays ?? latest.noticeDays,
        feeBasis,
        effectiveFrom: input.effectiveFrom ?? today,
        agreementText: JSON.stringify(input.agreementText),
        changes: JSON.stringify(input.changes),
        createdBy: options.actorId,
        createdAt: now,
      })
      .returning('version')
      .executeTakeFirstOrThrow();
    if (feeBasis !== settings.feeBasis) {
      await tx.updateTable('programSettings').set({ feeBasis, updatedBy: options.actorId, updatedAt: now }).execute();
      await logActivity(tx, {
        userId: options.actorId,
        action: 'program_settings_updated',
        entityType: 'program_settings',
        entityId: null,
        details: { before: { feeBasis: settings.feeBasis }, after: { feeBasis }, termsVersion: row.version },
      });
    }
    const published = toProgramTerms(
      await termsQuery(tx).where('programTerms.version', '=', row.version).executeTakeFirstOrThrow(),
    );
    await logActivity(tx, {
      userId: options.actorId,
      action: 'program_terms.published',
      entityType: 'program_terms',
      entityId: null,
      details: {
        version: published.version,
        agreementVersion: published.agreementVersion,
        fees: published.fees,
        qualificationDays: published.qualificationDays,
        maxExtensionDays: published.maxExtensionDays,
        payoutDays: published.payoutDays,
        minAnnualSales: published.minAnnualSales,
        noticeDays: published.noticeDays,
        feeBasis: published.feeBasis,
        effectiveFrom: published.effectiveFrom,
        changes: published.changes,
      },
    });
    return published;
  });
}
