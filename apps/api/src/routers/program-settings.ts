// admin.programSettings, admin.updateProgramSettings: the fee basis and the payout rules. Money
// rules: read with commissions:read, changed by finance and admins (commissions:write).

import { programSettingsOutput, updateProgramSettingsInput } from '@portal/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { getProgramSettings, updateProgramSettings } from '../services/platform';
import { permittedProcedure } from '../trpc/init';

export const programSettingsProcedures = {
  programSettings: permittedProcedure('commissions:read')
    .output(programSettingsOutput)
    .query(({ ctx }) => getProgramSettings(ctx.deps.db)),

  updateProgramSettings: permittedProcedure('commissions:write')
    .input(updateProgramSettingsInput)
    .output(programSettingsOutput)
    .mutation(({ ctx, input }) =>
      updateProgramSettings(ctx.deps.db, { actorId: ctx.user.id, changes: input, now: ctx.deps.now() }),
    ),
} satisfies TRPCRouterRecord;
