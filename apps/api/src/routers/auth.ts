import { authResultOutput, changePasswordInput, credentialsInput, forgotPasswordInput, messageOutput, okOutput, resetPasswordInput, userOutput } from '@portal/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { registerAccount, signIn, signOut } from '../services/accounts';
import { changePassword, requestPasswordReset, resetPassword } from '../services/password-reset';
import { authedProcedure, publicProcedure } from '../trpc/init';

/** auth.register, auth.login, auth.me, auth.logout (Accounts and sessions issue); recovery and change (issue 14). */
export const authProcedures = {
  register: publicProcedure
    .input(credentialsInput)
    .output(authResultOutput)
    .mutation(({ ctx, input }) => registerAccount(ctx.deps, input, ctx.ip)),

  login: publicProcedure
    .input(credentialsInput)
    .output(authResultOutput)
    .mutation(({ ctx, input }) => signIn(ctx.deps, input, ctx.ip)),

  me: authedProcedure.output(userOutput).query(({ ctx }) => ({ id: ctx.user.id, email: ctx.user.email, role: ctx.user.role })),

  logout: authedProcedure.output(okOutput).mutation(async ({ ctx }) => {
    await signOut(ctx.deps, ctx.user.id);
    return { ok: true as const };
  }),

  forgotPassword: publicProcedure
    .input(forgotPasswordInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.deps, input.email, ctx.ip)),

  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => resetPassword(ctx.deps, input)),

  changePassword: authedProcedure
    .input(changePasswordInput)
    .output(authResultOutput)
    .mutation(({ ctx, input }) => changePassword(ctx.deps, ctx.user, input, ctx.ip)),
} satisfies TRPCRouterRecord;
