// How many referrals are in each stage, kept by triggers in the same transaction as the change, so
// the admin's conversion rate reads five rows instead of counting every referral.
// Statement-level triggers with transition tables: a bulk insert costs one update per stage.

import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table referral_stage_counts (
    stage text primary key check (stage in ('booked', 'qualified', 'proposal', 'won', 'lost')),
    referral_count bigint not null default 0 check (referral_count >= 0)
  )`.execute(db);
  await sql`insert into referral_stage_counts (stage, referral_count)
    select s.stage, (select count(*) from referrals r where r.stage = s.stage)
    from unnest(array['booked', 'qualified', 'proposal', 'won', 'lost']) as s(stage)`.execute(db);
  // Counters are updated in stage order, so two transactions never wait on each other in a cycle.
  await sql
    .raw(
      `create function referral_stage_counts_apply(deltas jsonb) returns void language plpgsql as $fn$
    declare
      change record;
    begin
      for change in select key as stage, value::bigint as delta from jsonb_each_text(deltas) order by key loop
        if change.delta <> 0 then
          update referral_stage_counts set referral_count = referral_count + change.delta where stage = change.stage;
        end if;
      end loop;
    end
  $fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function referral_stage_counts_on_insert() returns trigger language plpgsql as $fn$
    begin
      perform referral_stage_counts_apply((select coalesce(jsonb_object_agg(stage, n), '{}'::jsonb) from (select stage, count(*) as n from inserted group by stage) c));
      return null;
    end
  $fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function referral_stage_counts_on_delete() returns trigger language plpgsql as $fn$
    begin
      perform referral_stage_counts_apply((select coalesce(jsonb_object_agg(stage, -n), '{}'::jsonb) from (select stage, count(*) as n from deleted group by stage) c));
      return null;
    end
  $fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function referral_stage_counts_on_update() returns trigger language plpgsql as $fn$
    begin
      perform referral_stage_counts_apply((select coalesce(jsonb_object_agg(stage, n), '{}'::jsonb) from (
        select stage, sum(n) as n from (
          select stage, count(*) as n from new_rows group by stage
          union all
          select stage, -count(*) as n from old_rows group by stage
        ) d group by stage
      ) c));
      return null;
    end
  $fn$`,
    )
    .execute(db);
  await sql`create trigger referrals_stage_counts_insert after insert on referrals referencing new table as inserted
    for each statement execute function referral_stage_counts_on_insert()`.execute(db);
  await sql`create trigger referrals_stage_counts_delete after delete on referrals referencing old table as deleted
    for each statement execute function referral_stage_counts_on_delete()`.execute(db);
  await sql`create trigger referrals_stage_counts_update after update on referrals referencing old table as old_rows new table as new_rows
    for each statement execute function referral_stage_counts_on_update()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger referrals_stage_counts_update on referrals`.execute(db);
  await sql`drop trigger referrals_stage_counts_delete on referrals`.execute(db);
  await sql`drop trigger referrals_stage_counts_insert on referrals`.execute(db);
  await sql`drop function referral_stage_counts_on_update(), referral_stage_counts_on_delete(), referral_stage_counts_on_insert(), referral_stage_counts_apply(jsonb)`.execute(
    db,
  );
  await sql`drop table referral_stage_counts`.execute(db);
}
