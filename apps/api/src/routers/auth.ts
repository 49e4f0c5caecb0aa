import type { TRPCRouterRecord } from '@trpc/server';

/** auth.register, auth.login, auth.me, auth.logout (Accounts and sessions issue). */
export const authProcedures = {} satisfies TRPCRouterRecord;
