import { authResultOutput, credentialsInput, okOutput, userOutput } from '@portal/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { registerAccount, signIn, signOut } from '../services/accounts';
import { authedProcedure, publicProcedure } from '../trpc/init';

/** auth.register, auth.login, auth.me, auth.logout (Accounts and sessions issue). */
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
} satisfies TRPCRouterRecord;
