// The public side of a referral link: who it belongs to, and an anonymous visit count.
// A visit keeps the code, the campaign fields and the page path; never an address or a browser.

import { REFERRAL_MESSAGES, type referralVisitInput } from '@portal/contracts';
import { DomainError } from './errors';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { DbOrTx } from './activity';

type VisitInput = z.output<typeof referralVisitInput>;

/** An active partner's link, matched case-insensitively; null for any other code. */
async function findActiveByCode(db: DbOrTx, code: string) {
  return db
    .selectFrom('partners')
    .select(['id', 'companyName', 'referralCode'])
    .where(sql<string>`lower(referral_code)`, '=', code.trim().toLowerCase())
    .where('status', '=', 'active')
    .executeTakeFirst();
}

export async function referralLink(db: DbOrTx, code: string): Promise<{ companyName: string; referralCode: string }> {
  const partner = await findActiveByCode(db, code);
  if (!partner) throw DomainError.notFound(REFERRAL_MESSAGES.referralLinkNotFound);
  return { companyName: partner.companyName, referralCode: partner.referralCode };
}

/** Keeps the path of the landing page only: a query string could carry someone's details. */
export function landingPath(value: string | undefined): string | null {
  if (!value) return null;
  let path: string;
  try {
    path = new URL(value, 'http://x.invalid').pathname;
  } catch {
    path = value.split(/[?#]/)[0] ?? '';
  }
  return path.slice(0, 500) || null;
}

export async function recordVisit(db: DbOrTx, input: VisitInput, now: Date): Promise<{ recorded: boolean }> {
  const partner = await findActiveByCode(db, input.referralCode);
  await db
    .insertInto('referralVisits')
    .values({
      partnerId: partner?.id ?? null,
      referralCode: partner?.referralCode ?? input.referralCode,
      utmSource: input.utmSource ?? null,
      utmMedium: input.utmMedium ?? null,
      utmCampaign: input.utmCampaign ?? null,
      landingPage: landingPath(input.landingPage),
      createdAt: now,
    })
    .execute();
  return { recorded: true };
}
