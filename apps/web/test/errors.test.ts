import { MESSAGES } from '@portal/contracts/plain';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { errorMessage, httpStatusOf } from '../src/lib/errors';
import { RestError } from '../src/lib/rest';

describe('errorMessage', () => {
  it('reads the server’s words from a refused REST call and from a tRPC error alike', () => {
    const rest = new RestError('The export is too large.', 413, 'PAYLOAD_TOO_LARGE');
    const trpc = new TRPCClientError('This partner is already active.');
    expect(errorMessage(rest, 'Export failed.')).toBe('The export is too large.');
    expect(errorMessage(trpc, 'Approval failed.')).toBe('This partner is already active.');
    expect(httpStatusOf(rest)).toBe(413);
  });

  it('shows the screen’s fallback, or the generic message, for words that are the browser’s', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), 'Export failed.')).toBe('Export failed.');
    expect(errorMessage(new TRPCClientError('Unexpected token < in JSON'))).toBe(MESSAGES.genericError);
    expect(errorMessage(new RestError('', 502, undefined))).toBe(MESSAGES.genericError);
  });
});
