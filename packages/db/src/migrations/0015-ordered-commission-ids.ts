// Accrual at ten times the scale: a month writes a million commissions in one statement, and
// each random v4 id lands on a random page of the primary key and of the two pending indexes that end in
// `id`. Ids in the order they are made (RFC 9562 version 7: 48 bits of Unix milliseconds, the version,
// random bits) append to those indexes instead. PostgreSQL 18's uuidv7() is not on PostgreSQL 15 or the
// embedded database, hence this function; the rows made before it keep their random ids.

import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function portal_uuid_v7() returns uuid language sql volatile parallel safe as $$
      select encode(
        set_byte(
          overlay(uuid_send(gen_random_uuid()) placing substring(int8send(floor(date_part('epoch', clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6),
          6, 112 + floor(random() * 16)::int),
        'hex')::uuid
    $$`.execute(db);
  await sql`alter table commissions alter column id set default portal_uuid_v7()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table commissions alter column id set default gen_random_uuid()`.execute(db);
  await sql`drop function portal_uuid_v7()`.execute(db);
}
