// The public side of a referral link: who it belongs to, and an anonymous visit count.
// A visit keeps the code, the campaign fields and the page path; never an address or a browser:
// only a keyed hash of the two, so one visitor counts once per code per 30 minutes.
// An unknown or inactive code names no partner (the look-up answers null) and stores no visit.

import { createHmac } from 'node:crypto';
import { REFERRAL_MESSAGES, type referralLinkOutput, type referralVisitInput } from '@portal/contracts';
import { DomainError } from '../platform/errors';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppConfig } from '../../config';
import type { AppDeps } from '../../deps';
import { fromJwtSecret } from '../../secrets';
import type { DbOrTx } from '../platform/activity';

/** A visitor counts once per code in this window. */
export const VISIT_DEDUP_MINUTES = 30;
const VISITOR_HASH_PURPOSE = 'referral-visitor';

type VisitInput = z.output<typeof referralVisitInput>;
type ReferralLink = z.infer<typeof referralLinkOutput>;

/** An active partner's link, matched case-insensitively; null for any other code. */
async function findActiveByCode(db: DbOrTx, code: string) {
  return db
    .selectFrom('partners')
    .select(['id', 'companyName', 'referralCode'])
    .where(sql<string>`lower(referral_code)`, '=', code.trim().toLowerCase())
    .where('status', '=', 'active')
    .executeTakeFirst();
}

/**
 * The partner a referral link names, for any visitor (public.referralLink, its REST path and the
 * server-rendered landing page alike); null for a code that is no active partner's, an expected answer
 * of a page that still works without a referrer. Look-ups are throttled per address, unknown codes
 * included, since the answer names the partner.
 */
export async function referralLink(
  deps: Pick<AppDeps, 'db' | 'rateLimits'>,
  { code, ip }: { code: string; ip: string },
): Promise<ReferralLink | null> {
  await deps.rateLimits.consume('referralLinkLookupsPerIp', ip);
  const partner = await findActiveByCode(deps.db, code);
  return partner ? { companyName: partner.companyName, referralCode: partner.referralCode } : null;
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

export interface Visitor {
  ip: string;
  userAgent: string;
}

export type VisitorHasher = (code: string, visitor: Visitor) => string;

/** HMAC-SHA-256 of the code, address and user agent under a key of its own derived from the app secret. */
export function createVisitorHasher(secret: string): VisitorHasher {
  const key = createHmac('sha256', secret).update(VISITOR_HASH_PURPOSE).digest();
  return (code, visitor) =>
    createHmac('sha256', key).update(`${code.toLowerCase()}\n${visitor.ip}\n${visitor.userAgent}`).digest('hex');
}

/** The visitor hasher of an app, keyed on its configuration (the secret is resolved once). */
export const visitorHasherFor: (config: AppConfig) => VisitorHasher = fromJwtSecret(createVisitorHasher);

/**
 * Stores one visit of an active partner's link; visits are throttled per address. The visitor is
 * kept only as a hash of code, address and browser: the same one within 30 minutes is not counted
 * again (`recorded: false`); an unknown code is a 404 and stores nothing.
 */
export async function recordVisit(
  deps: Pick<AppDeps, 'db' | 'rateLimits' | 'config' | 'now'>,
  { input, visitor }: { input: VisitInput; visitor: Visitor },
): Promise<{ recorded: boolean }> {
  await deps.rateLimits.consume('referralVisitsPerIp', visitor.ip);
  const hasher = visitorHasherFor(deps.config);
  const visitorHash = (code: string) => hasher(code, visitor);
  const now = deps.now();
  const db = deps.db;
  const run = async (tx: DbOrTx) => {
    const partner = await findActiveByCode(tx, input.referralCode);
    if (!partner) throw DomainError.notFound(REFERRAL_MESSAGES.referralLinkNotFound);
    const hash = visitorHash(partner.referralCode);
    // Two visits of one visitor at the same moment: the second waits for the first, then sees it.
    await sql`select pg_advisory_xact_lock(hashtext(${hash}))`.execute(tx);
    const since = new Date(now.getTime() - VISIT_DEDUP_MINUTES * 60_000);
    const seen = await tx
      .selectFrom('referralVisits')
      .select('id')
      .where('partnerId', '=', partner.id)
      .where('visitorHash', '=', hash)
      .where('createdAt', '>', since)
      .where('createdAt', '<=', now)
      .executeTakeFirst();
    if (seen) return { recorded: false };
    await tx
      .insertInto('referralVisits')
      .values({
        partnerId: partner.id,
        referralCode: partner.referralCode,
        utmSource: input.utmSource ?? null,
        utmMedium: input.utmMedium ?? null,
        utmCampaign: input.utmCampaign ?? null,
        landingPage: landingPath(input.landingPage),
        visitorHash: hash,
        createdAt: now,
      })
      .execute();
    return { recorded: true };
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
