// A DomainError's kind is mapped once: to a tRPC code, and through it to the REST status and body.

import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBody } from '../../src/rest/adapter';
import { DomainError, type DomainErrorKind } from '../../src/services/platform';
import { fromDomainError } from '../../src/trpc/errors';

const EXPECTED: Record<DomainErrorKind, [string, number]> = {
  invalid: ['BAD_REQUEST', 400],
  unauthorized: ['UNAUTHORIZED', 401],
  forbidden: ['FORBIDDEN', 403],
  not_found: ['NOT_FOUND', 404],
  conflict: ['CONFLICT', 409],
  too_large: ['PAYLOAD_TOO_LARGE', 413],
  unsupported_media_type: ['UNSUPPORTED_MEDIA_TYPE', 415],
  unprocessable: ['UNPROCESSABLE_CONTENT', 422],
  rate_limited: ['TOO_MANY_REQUESTS', 429],
  unavailable: ['SERVICE_UNAVAILABLE', 503],
};

describe('DomainError mapping', () => {
  it.each(Object.entries(EXPECTED))('maps %s to %j', (kind, [code, status]) => {
    const error = fromDomainError(new DomainError(kind as DomainErrorKind, 'In the user’s words'));
    expect(error.code).toBe(code);
    expect(getHTTPStatusCodeFromError(error)).toBe(status);
    expect(errorBody(error)).toEqual({ message: 'In the user’s words', code });
  });

  it('keeps the validation issues of the cause it wraps', () => {
    const parsed = z.object({ title: z.string().min(1, 'Title is required') }).safeParse({ title: '' });
    const error = fromDomainError(DomainError.invalid('Title is required', parsed.error));
    expect(errorBody(error)).toEqual({
      message: 'Title is required',
      code: 'BAD_REQUEST',
      issues: [{ path: 'title', message: 'Title is required' }],
    });
  });
});
