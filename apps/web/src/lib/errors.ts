import { TRPCClientError } from '@trpc/client';

/** The server's message for a failed call, or the fallback the spec gives for that screen. */
export function errorMessage(error: unknown, fallback: string): string {
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

export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof TRPCClientError) {
    const data = error.data as { httpStatus?: number } | undefined;
    return data?.httpStatus;
  }
  return undefined;
}
