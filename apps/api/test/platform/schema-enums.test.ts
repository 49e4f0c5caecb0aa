// The database's enumerated columns hold exactly the values the contracts list (packages/db does not
// depend on the contracts, so this holds the two equal). Checked by `tsc` (pnpm typecheck) through
// the assignments below, and at run time against the tables' CHECK constraints.

import {
  ADMIN_ROLES,
  BANK_ACCOUNT_TYPES,
  COMMISSION_STATUSES,
  PARTNER_STATUSES,
  PAYMENT_METHODS,
  REFERRAL_STAGES,
  SERVICE_TYPES,
  USER_ROLES,
  type BankAccountType,
  type CommissionStatus,
  type PartnerStatus,
  type PaymentMethod,
  type ReferralStage,
  type ServiceType,
  type UserRole,
} from '@portal/contracts';
import type { CommissionRow, Partner, ReferralRow, User } from '@portal/db';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support';

/** `true` only when A and B are the same union. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export const enumColumnsMatchContracts: [
  Same<User['role'], UserRole>,
  Same<Partner['status'], PartnerStatus>,
  Same<Partner['paymentMethod'], PaymentMethod>,
  Same<Partner['bankAccountType'], BankAccountType | null>,
  Same<ReferralRow['serviceType'], ServiceType>,
  Same<ReferralRow['stage'], ReferralStage>,
  Same<CommissionRow['status'], CommissionStatus>,
  Same<CommissionRow['paymentMethod'], PaymentMethod | null>,
] = [true, true, true, true, true, true, true, true];

const t = useTestApp();

/** The quoted values of the CHECK constraint on `table.column`, e.g. ['admin', 'partner']. */
async function checkedValues(table: string, column: string): Promise<string[]> {
  const { rows } = await sql<{ def: string }>`
    select pg_get_constraintdef(c.oid) as def from pg_constraint c
    join pg_class r on r.oid = c.conrelid
    where c.contype = 'c' and r.relname = ${table} and pg_get_constraintdef(c.oid) like ${`%${column}%`}
  `.execute(t.db);
  const def = rows.map((row) => row.def).find((d) => /ANY|IN \(/i.test(d)) ?? '';
  return [...def.matchAll(/'([^']+)'/g)].map((m) => m[1] as string).sort();
}

describe('enum columns', () => {
  it.each([
    ['users', 'role', USER_ROLES],
    ['team_invitations', 'role', ADMIN_ROLES],
    ['partners', 'status', PARTNER_STATUSES],
    ['partners', 'payment_method', PAYMENT_METHODS],
    ['partners', 'bank_account_type', BANK_ACCOUNT_TYPES],
    ['referrals', 'service_type', SERVICE_TYPES],
    ['referrals', 'stage', REFERRAL_STAGES],
    ['commissions', 'status', COMMISSION_STATUSES],
    ['commissions', 'payment_method', PAYMENT_METHODS],
  ] as const)('%s.%s allows exactly the contract values', async (table, column, values) => {
    expect(await checkedValues(table, column)).toEqual([...values].sort());
  });
});
