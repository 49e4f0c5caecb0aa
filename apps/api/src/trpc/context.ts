// Request context. The inner part (deps and the signed-in user) is what procedures use and what
// tests build directly; the outer part reads the HTTP request.

import { MESSAGES } from '@portal/contracts';
import { TRPCError } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps, SessionUser } from '../deps';
import { isDatabaseUnavailable } from './errors';
import { authenticateApiKey, isApiKeyToken } from '../services/integrations';
import { type Session, preparedLookup } from '../services/platform';
import { mustEnrolMfa } from '../services/accounts';
import type { Db } from '@portal/db';

export type { AppDeps, SessionUser } from '../deps';

export interface Context {
  deps: AppDeps;
  user: SessionUser | null;
  /** A token was sent but is not valid (forged, expired, revoked). */
  tokenRejected: boolean;
  /** Why a rejected token was refused (a revoked or expired API key). */
  rejectedMessage?: string;
  ip: string;
  /** The User-Agent header ('' when absent); used only for the hashed visitor of a referral visit. */
  userAgent: string;
  requestId: string;
  /** Lets a procedure set a response header (Retry-After, X-Total-Count). */
  setHeader: (name: string, value: string) => void;
  /** The request's Idempotency-Key header, when one was sent (creates and money changes honour it). */
  idempotencyKey?: string;
}

export function createInnerContext(
  deps: AppDeps,
  user: SessionUser | null,
  extra: Partial<Omit<Context, 'deps' | 'user'>> = {},
): Context {
  return {
    deps,
    user,
    tokenRejected: false,
    ip: '127.0.0.1',
    userAgent: '',
    requestId: 'internal',
    setHeader: () => {},
    ...extra,
  };
}

/**
 * Verifies a bearer token strictly: a session token's signature, claims, and token version against
 * the user row; an API key (`ppk_…`) against its stored hash, revocation and expiry.
 */
/** The user row a session token is checked against (token version, role, active), compiled once. */
const sessionUser = preparedLookup((db: Db, id: string) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'tokenVersion', 'active', 'mfaEnabled', 'displayName'])
    .where('id', '=', id),
);

export async function authenticate(deps: AppDeps, authorization: string | undefined): Promise<Session> {
  if (!authorization) return { user: null, tokenRejected: false };
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(authorization.trim());
  // A token that is not one of ours, or was altered, was never a session: only a lapsed one is said to expire.
  const notValid = { user: null, tokenRejected: true, rejectedMessage: MESSAGES.sessionInvalid };
  if (!match?.[1]) return notValid;
  if (isApiKeyToken(match[1])) return authenticateApiKey(deps.db, { key: match[1], now: deps.now() });
  const claims = await deps.tokens.verify(match[1]);
  if (!claims || !/^[0-9a-f-]{36}$/i.test(claims.userId))
    return deps.tokens.expired(match[1]) ? { user: null, tokenRejected: true } : notValid;
  const row = await sessionUser(deps.db, claims.userId);
  if (!row || !row.active || row.tokenVersion !== claims.tokenVersion || row.role !== claims.role)
    return { user: null, tokenRejected: true };
  const user: SessionUser = {
    id: row.id,
    email: row.email,
    role: row.role,
    tokenVersion: row.tokenVersion,
    mfaEnabled: row.mfaEnabled,
    displayName: row.displayName,
  };
  return { user: { ...user, mfaEnrolmentRequired: mustEnrolMfa(deps.config, row) }, tokenRejected: false };
}

export async function createContextFromRequest(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<Context> {
  let session: Awaited<ReturnType<typeof authenticate>>;
  try {
    session = await authenticate(deps, req.headers.authorization);
  } catch (error) {
    // Checking the token needs the database; without it the answer is 503, not a crash.
    if (isDatabaseUnavailable(error))
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.databaseUnavailable, cause: error });
    throw error;
  }
  const { user, tokenRejected, rejectedMessage } = session;
  return {
    deps,
    user,
    tokenRejected,
    rejectedMessage,
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, 512),
    requestId: String(req.id),
    setHeader: (name, value) => void reply.header(name, value),
    idempotencyKey: headerValue(req.headers['idempotency-key']),
  };
}

const headerValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;
