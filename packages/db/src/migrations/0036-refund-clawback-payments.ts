// A refund's clawback names the client payment it takes back (commissions.client_payment_id), so that voiding
// the payment's fee voids its unpaid clawbacks with it and the fee is taken back once. Clawbacks booked before
// the column was filled kept the payment only in their activity row's details: this fills the column from there.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update commissions c
       set client_payment_id = (a.details ->> 'clientPaymentId')::uuid
      from activity_log a
     where a.entity_type = 'commission'
       and a.entity_id = c.id
       and a.action = 'commission.clawback_added'
       and a.details ? 'clientPaymentId'
       and c.kind = 'clawback'
       and c.client_payment_id is null
       and exists (select 1 from client_payments cp where cp.id = (a.details ->> 'clientPaymentId')::uuid)
  `.execute(db);
}

export async function down(): Promise<void> {
  // The column was empty for these clawbacks before; leaving it filled harms nothing.
}
