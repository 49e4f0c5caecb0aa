// The tRPC builder and the named procedures every router uses (DESIGN §5). Access rules live
// here as middlewares, never as checks inside resolvers; who holds which permission is
// services/platform/permissions.ts.

import { MESSAGES } from '@portal/contracts';
import { initTRPC, TRPCError } from '@trpc/server';
import type { ZodType } from 'zod';
import {
  withActor,
  requireMfaEnrolled,
  requirePermission as requirePermissionOf,
  requireSignedInUser,
  type Permission,
  idempotently,
} from '../services/platform';
import { libraryViewer } from '../services/materials';
import { partnerOfUser } from '../services/partners';
import type { Context } from './context';
import { toClientError, userMessage, validationIssues } from './errors';

/** What a procedure declares besides its parsers. */
export interface ProcedureMeta {
  /**
   * The answer's schema for the REST document, on a procedure whose answer is not parsed per call: one
   * built field by field by a mapper whose return type is that schema's type (an extra field is then a
   * compile error, and a test holds the answer equal to the schema's parse of it). tRPC's `.output()` would
   * parse every answer again (API overhead: the commonest calls, auth.me and partner.me).
   */
  outputSchema?: ZodType;
  /** The permission the procedure requires (set by permittedProcedure), for the document's scopes. */
  permission?: Permission;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    isDev: false,
    errorFormatter({ shape, error }) {
      return {
        ...shape,
        message: userMessage(error),
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          issues: validationIssues(error),
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const mergeRouters = t.mergeRouters;

/**
 * Every procedure's outer layer, one middleware rather than three (each layer of tRPC's chain costs a
 * call and a copy of the options): times the call by its path and result (ok, or the tRPC error code
 * the client gets), maps infrastructure failures to client errors (a database outage → 503), and runs
 * the call with its principal's API key (if any) in the request-scoped actor, so activity rows name the key.
 */
const base = t.middleware(async ({ ctx, path, type, next }) => {
  const stop = ctx.deps.metrics.procedureDuration.startTimer({ procedure: path, type });
  const result = await withActor(ctx.user, () => next());
  if (result.ok) {
    stop({ result: 'ok' });
    return result;
  }
  const error = toClientError(result.error);
  stop({ result: error.code });
  throw error;
});

/** Signed in as a user; an API key is refused (403) on the procedures without a permission of their own. */
const isAuthed = t.middleware(({ ctx, next }) => next({ ctx: { user: requireSignedInUser(ctx) } }));

/** The guard of services/platform/permissions.ts as a middleware: 401 without a session, 403 without the permission. */
export const requirePermission = (permission: Permission) =>
  t.middleware(({ ctx, next }) => next({ ctx: { user: requirePermissionOf(ctx, permission) } }));

const hasPartnerRecord = t.middleware(async ({ ctx, next }) => {
  const partner = ctx.user ? await partnerOfUser(ctx.deps.db, ctx.user.id) : undefined;
  if (!partner) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.partnerProfileNotFound });
  return next({ ctx: { partner } });
});

export const publicProcedure = t.procedure.use(base);
export const authedProcedure = publicProcedure.use(isAuthed);
/** A signed-in user past the ADMIN_MFA_REQUIRED gate: every call a user makes outside their own account. */
export const enrolledProcedure = authedProcedure.use(({ ctx, next }) =>
  next({ ctx: { user: requireMfaEnrolled(ctx.user) } }),
);
/** A user holding `permission` (today: every admin permission belongs to the admin role). */
export const permittedProcedure = (permission: Permission) =>
  publicProcedure.meta({ permission }).use(requirePermission(permission));
/** A signed-in partner user, with or without a partner record (applying, reading their own profile). */
export const partnerUserProcedure = permittedProcedure('partner:self');
/** A partner user with a partner record, in any status; `ctx.partner` is that record. */
export const partnerProcedure = partnerUserProcedure.use(hasPartnerRecord);
/** A reader of the materials library: its keepers or an active partner; `ctx.viewer` says which. */
export const libraryViewerProcedure = enrolledProcedure.use(async ({ ctx, next }) =>
  next({ ctx: { viewer: await libraryViewer(ctx.deps.db, ctx.user) } }),
);
/** An approved partner: only these may create referrals or see the dashboard's data. */
export const activePartnerProcedure = partnerProcedure.use(({ ctx, next }) => {
  if (ctx.partner.status !== 'active') throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.partnerNotActive });
  return next();
});

/**
 * Who changes something and when, with the mailer to tell those it concerns: the part of a service's options
 * every procedure acting for its signed-in user passes the same way.
 */
export function acting(ctx: Pick<Context, 'deps'> & { user: { id: string } }) {
  return { actorId: ctx.user.id, now: ctx.deps.now(), mail: ctx.deps };
}

/**
 * Runs a procedure's change once per Idempotency-Key (services/platform/idempotency.ts): a replay
 * answers the stored result with the Idempotent-Replayed header. `scope` is the procedure's path (its
 * resolver's `path`), so a key is never shared between two procedures; `change` gets the database to use;
 * `secretAnswer` seals the stored answer of a change that shows a secret once.
 */
export function runIdempotently<T>(
  ctx: Context & { user: { id: string; apiKeyId?: string | null } },
  scope: string,
  input: unknown,
  change: (db: Context['deps']['db']) => Promise<T>,
  { secretAnswer = false }: { secretAnswer?: boolean } = {},
): Promise<T> {
  return idempotently(
    ctx.deps.db,
    {
      key: ctx.idempotencyKey,
      user: { id: ctx.user.id, apiKeyId: ctx.user.apiKeyId ?? null },
      scope,
      input,
      now: ctx.deps.now(),
      onReplay: () => ctx.setHeader('Idempotent-Replayed', 'true'),
      ...(secretAnswer ? { seal: ctx.deps.cipher } : {}),
    },
    change,
  );
}
