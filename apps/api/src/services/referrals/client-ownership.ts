// One client, one partner (DESIGN §8): a client another partner introduced within that referral's
// qualification window is a conflict for an admin to resolve, and a client on the partner's own
// domain is flagged as a self-referral. Both are read inside the transaction that stores the referral.

import { FREE_MAIL_DOMAINS } from '@portal/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../platform/activity';

const FREE_MAIL = new Set(FREE_MAIL_DOMAINS);

/** The domain of an address, lower-cased; null when there is none. */
export function mailDomain(email: string | null | undefined): string | null {
  const at = email?.lastIndexOf('@') ?? -1;
  if (!email || at < 0) return null;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  return domain || null;
}

/** A company's own domain: not one of the free-mail domains anyone can sign up to. */
export function isBusinessDomain(domain: string | null): domain is string {
  return domain !== null && !FREE_MAIL.has(domain);
}

/** The host of a website address without `www.` ("https://www.acme.com/x" → "acme.com"); null when unreadable. */
export function websiteDomain(website: string | null | undefined): string | null {
  if (!website) return null;
  try {
    const url = new URL(/^[a-z]+:\/\//i.test(website) ? website : `https://${website}`);
    return url.hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

/**
 * The earliest open (not lost, not itself in conflict) referral of another partner whose client is
 * this one — the same address, or the same business domain — created within its own qualification
 * window: at most the `qualificationDays` of its terms version plus its extensions before `now`, the
 * boundary included. A referral the firm has not accepted yet reads the version its partner is on.
 */
export async function findConflictingReferral(
  db: DbOrTx,
  { partnerId, clientEmail, now }: { partnerId: string; clientEmail: string | null | undefined; now: Date },
): Promise<{ id: string; partnerId: string } | null> {
  if (!clientEmail) return null;
  const email = clientEmail.trim().toLowerCase();
  const domain = mailDomain(email);
  const row = await db
    .selectFrom('referrals')
    .innerJoin('partners', 'partners.id', 'referrals.partnerId')
    .innerJoin('programTerms', (join) =>
      join.on('programTerms.version', '=', sql<number>`coalesce(referrals.terms_version, partners.terms_version, 1)`),
    )
    .select(['referrals.id', 'referrals.partnerId'])
    .where('referrals.partnerId', '!=', partnerId)
    .where('referrals.stage', '!=', 'lost')
    .where('referrals.conflictOf', 'is', null)
    .where(
      sql<boolean>`referrals.created_at >= ${now}::timestamptz - make_interval(secs => (program_terms.qualification_days + referrals.extension_days) * 86400)`,
    )
    .where((eb) => {
      const sameAddress = eb(sql`lower(referrals.client_email)`, '=', email);
      return isBusinessDomain(domain)
        ? eb.or([sameAddress, eb(sql`lower(split_part(referrals.client_email, '@', 2))`, '=', domain)])
        : sameAddress;
    })
    .orderBy('referrals.createdAt', 'asc')
    .orderBy('referrals.id', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** The partner's own open referral of this exact client address: a second booking attaches to it. */
export async function findOwnOpenReferral(
  db: DbOrTx,
  { partnerId, clientEmail }: { partnerId: string; clientEmail: string },
): Promise<string | null> {
  const row = await db
    .selectFrom('referrals')
    .select('id')
    .where('partnerId', '=', partnerId)
    .where('stage', '!=', 'lost')
    .where(sql`lower(client_email)`, '=', clientEmail.trim().toLowerCase())
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The client's business domain is the partner's sign-in domain or website domain. */
export async function isSelfReferral(
  db: DbOrTx,
  { partnerId, clientEmail }: { partnerId: string; clientEmail: string | null | undefined },
): Promise<boolean> {
  const domain = mailDomain(clientEmail);
  if (!isBusinessDomain(domain)) return false;
  const partner = await db
    .selectFrom('partners')
    .innerJoin('users', 'users.id', 'partners.userId')
    .select(['users.email', 'partners.website'])
    .where('partners.id', '=', partnerId)
    .executeTakeFirst();
  if (!partner) return false;
  return mailDomain(partner.email) === domain || websiteDomain(partner.website) === domain;
}
