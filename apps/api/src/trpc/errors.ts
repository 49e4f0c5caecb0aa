// One mapping from failures to what a client reads: the tRPC error shape and the REST error body
// share it, so a validation message is the spec's text on both. A DomainError's kind becomes its
// tRPC code here and nowhere else; the REST adapter derives the HTTP status from that code.

import { TRPCError } from '@trpc/server';
import { MESSAGES } from '@portal/contracts';
import { isTransactionConflict } from '@portal/db';
import { DomainError, type DomainErrorKind, RateLimitedError } from '../services/platform';

const TRPC_CODE_OF = {
  invalid: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  conflict: 'CONFLICT',
  unprocessable: 'UNPROCESSABLE_CONTENT',
  too_large: 'PAYLOAD_TOO_LARGE',
  unsupported_media_type: 'UNSUPPORTED_MEDIA_TYPE',
  rate_limited: 'TOO_MANY_REQUESTS',
  unavailable: 'SERVICE_UNAVAILABLE',
} as const satisfies Record<DomainErrorKind, TRPCError['code']>;

/** The tRPC error of a domain error: its kind's code and its message. */
export function fromDomainError(error: DomainError): TRPCError {
  return new TRPCError({ code: TRPC_CODE_OF[error.kind], message: error.message, cause: error });
}

export interface ErrorIssue {
  path: string;
  message: string;
}

export function validationIssues(error: unknown): ErrorIssue[] | undefined {
  let cause = error instanceof TRPCError ? error.cause : error;
  if (cause instanceof DomainError) cause = cause.cause;
  const issues = (cause as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues)) return undefined;
  return issues.map((issue: { path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>; message?: string }) => ({
    path: (issue.path ?? [])
      .map((part) => String(typeof part === 'object' && part !== null ? part.key : part))
      .join('.'),
    message: issue.message ?? 'Invalid value',
  }));
}

/** The user-facing message of an error: the first validation message, or the error's own words. */
export function userMessage(error: TRPCError): string {
  const issues = validationIssues(error);
  if (issues?.[0]) return issues[0].message;
  if (error.code === 'INTERNAL_SERVER_ERROR') return 'Something went wrong on our side. Please try again.';
  return error.message;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  // A bound on a wait was reached: a statement cancelled by statement_timeout, a lock not granted within lock_timeout.
  '57014',
  '55P03',
  // Out of resources: the disk is full (53100; ENOSPC/EDQUOT from the embedded database's files), memory, connections.
  '53100',
  '53200',
  '53300',
  'ENOSPC',
  'EDQUOT',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/i.test(
        message,
      )
    )
      return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/** The SQLSTATE of a database error anywhere in the cause chain. */
function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Turns infrastructure failures into the errors a client should see. */
export function toClientError(error: TRPCError): TRPCError {
  const cause = error.cause;
  if (cause instanceof DomainError) return fromDomainError(cause);
  const state = error.code === 'INTERNAL_SERVER_ERROR' ? sqlState(cause) : undefined;
  // Class 22 is "data exception": a value the database cannot hold (NUL in text, out of range).
  if (state?.startsWith('22')) {
    return new TRPCError({
      code: 'BAD_REQUEST',
      message: 'The request contains a value that cannot be stored (invalid characters or out of range)',
      cause,
    });
  }
  // Deadlocks and serialization failures are retried inside the transaction; one that still fails is busy, not broken.
  if (error.code === 'INTERNAL_SERVER_ERROR' && isTransactionConflict(cause)) {
    return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.databaseBusy, cause });
  }
  if (error.code === 'INTERNAL_SERVER_ERROR' && isDatabaseUnavailable(cause ?? error)) {
    return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.databaseUnavailable, cause });
  }
  return error;
}

/** Seconds a client waits before trying again while the database does not answer (it is reconnected on the next call). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Seconds a client should wait before trying again: a spent rate budget, one second after a conflict between
 * writers, a few seconds while the database is unavailable.
 */
export function retryAfterOf(error: TRPCError): number | undefined {
  if (error.cause instanceof RateLimitedError) return error.cause.retryAfterSeconds;
  if (error.code !== 'SERVICE_UNAVAILABLE') return undefined;
  if (isTransactionConflict(error.cause)) return 1;
  return isDatabaseUnavailable(error.cause) ? DATABASE_RETRY_AFTER_SECONDS : undefined;
}
