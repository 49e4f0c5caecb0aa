// The tRPC builder and the named procedures every router uses (DESIGN §5). Access rules live
// here as middlewares, never as checks inside resolvers.

import { MESSAGES } from '@portal/contracts';
import type { Partner } from '@portal/db';
import { initTRPC, TRPCError } from '@trpc/server';
import type { Context, SessionUser } from './context';
import { toClientError, userMessage, validationIssues } from './errors';

const t = initTRPC.context<Context>().create({
  isDev: false,
  errorFormatter({ shape, error }) {
    return {
      ...shape,
      message: userMessage(error),
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, issues: validationIssues(error) },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const mergeRouters = t.mergeRouters;

/** Times every procedure call by its path and result (ok, or the tRPC error code). */
const timed = t.middleware(async ({ ctx, path, type, next }) => {
  const stop = ctx.deps.metrics.procedureDuration.startTimer({ procedure: path, type });
  const result = await next();
  stop({ result: result.ok ? 'ok' : result.error.code });
  return result;
});

const mapInfrastructureErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) throw toClientError(result.error);
  return result;
});

const isAuthed = t.middleware(({ ctx, next }) => {
  if (!ctx.user) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: ctx.tokenRejected ? MESSAGES.sessionExpired : MESSAGES.notSignedIn });
  }
  return next({ ctx: { user: ctx.user as SessionUser } });
});

const isAdmin = t.middleware(({ ctx, next }) => {
  if (ctx.user?.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.adminOnly });
  return next();
});

const isPartnerUser = t.middleware(({ ctx, next }) => {
  if (ctx.user?.role !== 'partner') throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.partnerOnly });
  return next();
});

const hasPartnerRecord = t.middleware(async ({ ctx, next }) => {
  const partner = await ctx.deps.db.selectFrom('partners').selectAll().where('userId', '=', ctx.user?.id ?? '').executeTakeFirst();
  if (!partner) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.partnerProfileNotFound });
  return next({ ctx: { partner: partner as Partner } });
});

export const publicProcedure = t.procedure.use(timed).use(mapInfrastructureErrors);
export const authedProcedure = publicProcedure.use(isAuthed);
export const adminProcedure = authedProcedure.use(isAdmin);
/** A signed-in partner user, with or without a partner record (applying, reading their own profile). */
export const partnerUserProcedure = authedProcedure.use(isPartnerUser);
/** A partner user with a partner record, in any status; `ctx.partner` is that record. */
export const partnerProcedure = partnerUserProcedure.use(hasPartnerRecord);
/** An approved partner: only these may create referrals or see the dashboard's data. */
export const activePartnerProcedure = partnerProcedure.use(
  t.middleware(({ ctx, next }) => {
    const partner = (ctx as unknown as { partner: Partner }).partner;
    if (partner.status !== 'active') throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.partnerNotActive });
    return next();
  }),
);
