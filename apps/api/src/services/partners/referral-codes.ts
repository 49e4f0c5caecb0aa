// Referral codes: readable, URL-safe and unique, e.g. "ACME-7K2Q" (DESIGN §4).

import { randomInt } from 'node:crypto';
import type { DbOrTx } from '../platform/activity';

// No 0/O, 1/I/L: a code is read aloud and typed from print.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function referralCodeCandidate(companyName: string): string {
  const prefix = companyName
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 6);
  const suffix = Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${prefix.length >= 2 ? prefix : 'PARTNER'}-${suffix}`;
}

/** A code no partner holds yet. The unique constraint stays the final guard. */
export async function allocateReferralCode(tx: DbOrTx, companyName: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const code = referralCodeCandidate(companyName);
    const taken = await tx.selectFrom('partners').select('id').where('referralCode', '=', code).executeTakeFirst();
    if (!taken) return code;
  }
  throw new Error('Could not allocate a referral code');
}
