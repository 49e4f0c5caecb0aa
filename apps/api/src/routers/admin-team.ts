import {
  changeMemberRoleInput,
  invitationIdInput,
  inviteMemberInput,
  removeMemberInput,
  resetMemberMfaInput,
  teamInvitationOutput,
  teamOutput,
} from '@portal/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import {
  changeMemberRole,
  deactivateMember,
  inviteMember,
  listTeam,
  resendInvitation,
  resetMemberMfa,
  revokeInvitation,
} from '../services/accounts';
import { permittedProcedure, runIdempotently } from '../trpc/init';

/** admin.team, admin.inviteMember, admin.revokeInvitation, admin.resendInvitation, admin.changeMemberRole, admin.removeMember, admin.resetMemberMfa: only `admin` manages the team. */
export const adminTeamProcedures = {
  team: permittedProcedure('team:manage')
    .output(teamOutput)
    .query(({ ctx }) => listTeam(ctx.deps.db, ctx.deps.now())),

  inviteMember: permittedProcedure('team:manage')
    .input(inviteMemberInput)
    .output(teamInvitationOutput)
    .mutation(({ ctx, input, path }) =>
      runIdempotently(ctx, path, input, (db) => inviteMember({ ...ctx.deps, db }, { actor: ctx.user, input })),
    ),

  revokeInvitation: permittedProcedure('team:manage')
    .input(invitationIdInput)
    .output(teamOutput)
    .mutation(async ({ ctx, input }) => {
      await revokeInvitation(ctx.deps, { actor: ctx.user, invitationId: input.invitationId });
      return listTeam(ctx.deps.db, ctx.deps.now());
    }),

  resendInvitation: permittedProcedure('team:manage')
    .input(invitationIdInput)
    .output(teamInvitationOutput)
    .mutation(({ ctx, input }) => resendInvitation(ctx.deps, { actor: ctx.user, invitationId: input.invitationId })),

  changeMemberRole: permittedProcedure('team:manage')
    .input(changeMemberRoleInput)
    .output(teamOutput)
    .mutation(({ ctx, input }) => changeMemberRole(ctx.deps, { actor: ctx.user, input })),

  removeMember: permittedProcedure('team:manage')
    .input(removeMemberInput)
    .output(teamOutput)
    .mutation(({ ctx, input }) => deactivateMember(ctx.deps, { actor: ctx.user, userId: input.userId })),

  resetMemberMfa: permittedProcedure('team:manage')
    .input(resetMemberMfaInput)
    .output(teamOutput)
    .mutation(({ ctx, input }) => resetMemberMfa(ctx.deps, { actor: ctx.user, userId: input.userId })),
} satisfies TRPCRouterRecord;
