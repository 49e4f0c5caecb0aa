// The one reading of a failed call into the words a person should read, for tRPC and REST alike:
// the server's own message when it sent one (a TRPCError's or a REST route's {message}), else the
// screen's fallback. A network failure or a body that is not the API's ("Failed to fetch",
// "Unexpected token <") is never shown: those words are the browser's, not the product's.

import { MESSAGES } from '@portal/contracts/plain';
import { TRPCClientError } from '@trpc/client';
import { RestError } from './rest';

/** The server's message for a failed call, or the fallback the spec gives for that screen (by default the generic one). */
export function errorMessage(error: unknown, fallback: string = MESSAGES.genericError): string {
  if (error instanceof RestError && error.message) return error.message;
  if (
    error instanceof TRPCClientError &&
    typeof error.message === 'string' &&
    error.message &&
    !error.message.startsWith('Unexpected token')
  ) {
    return error.message;
  }
  return fallback;
}

/** The HTTP status of a failed tRPC or REST call. */
export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof RestError) return error.status;
  if (error instanceof TRPCClientError) {
    const data = error.data as { httpStatus?: number } | undefined;
    return data?.httpStatus;
  }
  return undefined;
}

/**
 * The errors a failed call names about a form's fields, to show on those fields (not only in a toast):
 * the server's validation issues by their path, and its words that belong to a field (`known`:
 * field → the messages that are about it).
 */
export function fieldErrorsOf<F extends string>(
  error: unknown,
  known: Partial<Record<F, readonly string[]>>,
  fields: readonly F[] = Object.keys(known) as F[],
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  if (error instanceof TRPCClientError) {
    const issues = (error.data as { issues?: Array<{ path: string; message: string }> } | undefined)?.issues ?? [];
    for (const issue of issues) {
      const field = fields.find((name) => name === issue.path);
      if (field && errors[field] === undefined) errors[field] = issue.message;
    }
  }
  const message = errorMessage(error, '');
  for (const field of Object.keys(known) as F[]) {
    if (errors[field] === undefined && known[field]?.includes(message)) errors[field] = message;
  }
  return errors;
}
