// The program's settings, one row (migration 0021): the fee basis the accrual and client payments
// follow, and the payout rules the processor follows. Finance and admins change them; every change
// is logged with its before and after in the transaction that makes it. The support address is the
// mailbox a rejected applicant is told to write to.

import type { ProgramSettings, UpdateProgramSettingsInput } from '@portal/contracts';
import type { Db } from '@portal/db';
import { changeSet, logActivity, type DbOrTx } from './activity';

async function readSettings(db: DbOrTx): Promise<ProgramSettings> {
  const row = await db
    .selectFrom('programSettings')
    .leftJoin('users', 'users.id', 'programSettings.updatedBy')
    .select([
      'programSettings.feeBasis',
      'programSettings.minimumPayout',
      'programSettings.payoutHoldDays',
      'programSettings.payoutDay',
      'programSettings.supportEmail',
      'programSettings.updatedAt',
      'users.email as updatedBy',
    ])
    .executeTakeFirstOrThrow();
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

export function getProgramSettings(db: DbOrTx): Promise<ProgramSettings> {
  return readSettings(db);
}

/** Changes the settings given; answers the settings in force afterwards. */
export async function updateProgramSettings(
  db: Db,
  options: { actorId: string; changes: UpdateProgramSettingsInput; now: Date },
): Promise<ProgramSettings> {
  return db.transaction().execute(async (tx) => {
    const current = await tx.selectFrom('programSettings').selectAll().forUpdate().executeTakeFirstOrThrow();
    const diff = changeSet(current, options.changes);
    if (!diff) return readSettings(tx);
    await tx
      .updateTable('programSettings')
      .set({ ...options.changes, updatedBy: options.actorId, updatedAt: options.now })
      .execute();
    await logActivity(tx, {
      userId: options.actorId,
      action: 'program_settings_updated',
      entityType: 'program_settings',
      entityId: null,
      details: diff,
    });
    return readSettings(tx);
  });
}

/** The program's support address, or null while none is set. */
export async function supportEmail(db: DbOrTx): Promise<string | null> {
  const row = await db.selectFrom('programSettings').select('supportEmail').executeTakeFirst();
  return row?.supportEmail ?? null;
}
