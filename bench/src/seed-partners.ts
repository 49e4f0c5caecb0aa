// Active partners for a benchmark, in two set-based statements: `count` users and partners named
// "<label> Partner n" with referral codes "<CODE>-n" (n from 1), so a seed can spread rows over them by code.

import type { Db } from '@portal/db';
import { sql } from 'kysely';

export async function seedActivePartners(db: Db, { label, count }: { label: string; count: number }): Promise<void> {
  const prefix = label.toLowerCase();
  const code = label.toUpperCase();
  await sql`
    insert into users (email, password_hash, role)
    select ${prefix} || n || '@bench.example', '!unusable', 'partner' from generate_series(1, ${count}) n
  `.execute(db);
  await sql`
    insert into partners (user_id, company_name, contact_name, company_type, status, referral_code, agreement_signed)
    select u.id, ${label} || ' Partner ' || n, 'Contact ' || n, 'agency', 'active', ${code} || '-' || n, true
    from generate_series(1, ${count}) n join users u on u.email = ${prefix} || n || '@bench.example'
  `.execute(db);
}
