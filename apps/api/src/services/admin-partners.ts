// The admin's side of partners: the list with paging/search/sort, details, the status decisions
// (approve, reject, suspend, reactivate) and partners created directly by an admin.

import {
  MESSAGES,
  PARTNER_TRANSITIONS,
  partnerTransitionRefused,
  type AdminPartnerRow,
  type createPartnerInput,
  type PARTNER_SORTS,
  type PartnerDetails,
  type PartnerStatus,
  type PartnerTransition,
} from '@portal/contracts';
import type { Database, Partner } from '@portal/db';
import { TRPCError } from '@trpc/server';
import { sql, type SelectQueryBuilder } from 'kysely';
import { logActivity, type DbOrTx } from './activity';
import type { FieldCipher } from './crypto';
import { maskLastFour } from './crypto';
import { decryptOrNull, iso } from './mappers';
import { hashPassword } from './passwords';
import { allocateReferralCode } from './referral-codes';
import type { Db } from '@portal/db';
import type { z } from 'zod';

type PartnerWithEmail = Partner & { email: string };

export function toAdminPartnerRow(row: PartnerWithEmail): AdminPartnerRow {
  return {
    id: row.id,
    email: row.email,
    companyName: row.companyName,
    contactName: row.contactName,
    companyType: row.companyType as AdminPartnerRow['companyType'],
    status: row.status,
    referralCode: row.referralCode,
    currentMrr: row.currentMrr,
    totalLifetimeCommissions: row.totalLifetimeCommissions,
    applicationDate: iso(row.applicationDate),
    joinedAt: iso(row.approvedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toPartnerDetails(row: PartnerWithEmail, cipher: FieldCipher): PartnerDetails {
  return {
    ...toAdminPartnerRow(row),
    phone: row.phone,
    website: row.website,
    expectedVolume: row.expectedVolume,
    paymentMethod: row.paymentMethod,
    approvedAt: iso(row.approvedAt),
    rejectedAt: iso(row.rejectedAt),
    rejectionReason: row.rejectionReason,
    agreementSigned: row.agreementSigned,
    agreementSignedAt: iso(row.agreementSignedAt),
    agreementVersion: row.agreementVersion,
    bankName: row.bankName,
    bankAccountType: row.bankAccountType,
    bankAccountHolderName: row.bankAccountHolderName,
    bankRoutingNumberMasked: maskLastFour(decryptOrNull(cipher, row.bankRoutingNumber)),
    bankAccountNumberMasked: maskLastFour(decryptOrNull(cipher, row.bankAccountNumber)),
  };
}

const partnersWithEmail = (db: DbOrTx) => db.selectFrom('partners').innerJoin('users', 'users.id', 'partners.userId');

/** `%` and `_` typed by a person are literal characters, not wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface ListPartnersQuery {
  limit: number;
  offset: number;
  search?: string | undefined;
  sort: (typeof PARTNER_SORTS)[number];
  status?: PartnerStatus | undefined;
}

type PartnersQuery = SelectQueryBuilder<Database, 'partners' | 'users', object>;

function filtered(db: DbOrTx, query: ListPartnersQuery): PartnersQuery {
  let q = partnersWithEmail(db) as PartnersQuery;
  if (query.status) q = q.where('partners.status', '=', query.status);
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('partners.companyName', 'ilike', pattern),
        eb('partners.contactName', 'ilike', pattern),
        eb('users.email', 'ilike', pattern),
        eb('partners.referralCode', 'ilike', pattern),
      ]),
    );
  }
  return q;
}

export async function listPartners(db: DbOrTx, query: ListPartnersQuery): Promise<{ items: AdminPartnerRow[]; total: number; limit: number; offset: number }> {
  const descending = query.sort.startsWith('-');
  const field = (descending ? query.sort.slice(1) : query.sort) as 'companyName' | 'createdAt' | 'currentMrr' | 'totalLifetimeCommissions' | 'status';
  const direction = descending ? 'desc' : 'asc';
  const orderColumn = {
    companyName: sql`lower(partners.company_name)`,
    createdAt: sql`partners.created_at`,
    currentMrr: sql`partners.current_mrr`,
    totalLifetimeCommissions: sql`partners.total_lifetime_commissions`,
    status: sql`partners.status`,
  }[field];

  const [rows, count] = await Promise.all([
    filtered(db, query)
      .selectAll('partners')
      .select('users.email')
      .orderBy(orderColumn, direction)
      // A stable order, so consecutive pages neither repeat nor skip a partner.
      .orderBy('partners.id', direction)
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    filtered(db, query).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toAdminPartnerRow), total: count.total, limit: query.limit, offset: query.offset };
}

/** The application queue, oldest first. */
export async function listPendingPartners(db: DbOrTx): Promise<AdminPartnerRow[]> {
  const rows = await partnersWithEmail(db)
    .selectAll('partners')
    .select('users.email')
    .where('partners.status', '=', 'pending')
    .orderBy(sql`coalesce(partners.application_date, partners.created_at)`, 'asc')
    .orderBy('partners.id', 'asc')
    .execute();
  return rows.map(toAdminPartnerRow);
}

export async function getPartnerDetails(db: DbOrTx, cipher: FieldCipher, id: string): Promise<PartnerDetails> {
  const row = await partnersWithEmail(db).selectAll('partners').select('users.email').where('partners.id', '=', id).executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.partnerNotFound });
  return toPartnerDetails(row, cipher);
}

export interface StatusChange {
  id: string;
  companyName: string;
  status: PartnerStatus;
}

/**
 * Applies one admin decision. The UPDATE only matches a partner whose status allows the decision,
 * so two admins deciding at once cannot both succeed; the loser gets 409.
 */
export async function changePartnerStatus(
  db: Db,
  transition: PartnerTransition,
  input: { partnerId: string; adminId: string; now: Date; reason?: string | undefined },
): Promise<StatusChange> {
  const rule = PARTNER_TRANSITIONS[transition];
  const { partnerId, adminId, now } = input;
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('partners').select('status').where('id', '=', partnerId).forUpdate().executeTakeFirst();
    if (!before) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.partnerNotFound });
    const changes = {
      approve: { approvedAt: now, approvedBy: adminId, rejectedAt: null, rejectedBy: null, rejectionReason: null },
      reject: { rejectedAt: now, rejectedBy: adminId, rejectionReason: input.reason ?? null },
      suspend: {},
      // A partner that was never approved (e.g. set inactive by hand) is approved by this decision.
      reactivate: { approvedAt: sql<Date>`coalesce(approved_at, ${now})`, approvedBy: sql<string>`coalesce(approved_by, ${adminId}::uuid)` },
    }[transition];
    const row = await trx
      .updateTable('partners')
      .set({ ...changes, status: rule.to, updatedAt: now })
      .where('id', '=', partnerId)
      .where('status', 'in', rule.from as readonly PartnerStatus[])
      .returning(['id', 'companyName', 'status'])
      .executeTakeFirst();
    if (!row) throw new TRPCError({ code: 'CONFLICT', message: partnerTransitionRefused(transition, before.status) });
    await logActivity(trx, {
      userId: adminId,
      action: `partner.${{ approve: 'approved', reject: 'rejected', suspend: 'suspended', reactivate: 'reactivated' }[transition]}`,
      entityType: 'partner',
      entityId: partnerId,
      details: { from: before.status, to: rule.to, ...(transition === 'reject' ? { reason: input.reason ?? null } : {}) },
    });
    return row;
  });
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** The admin's Create Partner form: a user, an active partner and its referral code, all or nothing. */
export async function createPartnerByAdmin(
  db: Db,
  input: { form: z.output<typeof createPartnerInput>; adminId: string; now: Date },
): Promise<AdminPartnerRow> {
  const { form, adminId, now } = input;
  const taken = await db.selectFrom('users').select('id').where(sql`lower(email)`, '=', form.email.toLowerCase()).executeTakeFirst();
  if (taken) throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.emailTaken });
  const passwordHash = await hashPassword(form.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({ email: form.email, passwordHash, role: 'partner', createdAt: now, updatedAt: now })
        .returning(['id', 'email'])
        .executeTakeFirstOrThrow();
      const referralCode = await allocateReferralCode(trx, form.companyName);
      const partner = await trx
        .insertInto('partners')
        .values({
          userId: user.id,
          companyName: form.companyName,
          contactName: form.contactName,
          companyType: form.companyType,
          website: form.website ?? null,
          phone: form.phone ?? null,
          expectedVolume: form.expectedVolume,
          paymentMethod: form.paymentMethod,
          referralCode,
          status: 'active',
          applicationDate: now,
          approvedAt: now,
          approvedBy: adminId,
          createdAt: now,
          updatedAt: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await logActivity(trx, {
        userId: adminId,
        action: 'partner.created',
        entityType: 'partner',
        entityId: partner.id,
        details: { email: user.email, companyName: partner.companyName, referralCode },
      });
      return toAdminPartnerRow({ ...partner, email: user.email });
    });
  } catch (error) {
    // Two admins creating the same email at once: the unique index decides.
    if (isUniqueViolation(error) && /email/i.test(String((error as { constraint?: string; message?: string }).constraint ?? (error as Error).message))) {
      throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.emailTaken });
    }
    throw error;
  }
}
