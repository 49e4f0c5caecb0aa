// A mail body shown to a person has every link that is a credential replaced: whoever holds a reset,
// invitation, unsubscribe or download link acts as its recipient. Other links stay as they are.

import { TOKEN_LINK_REDACTED } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { carriesToken, redactTokenLinks } from '../../src/services/notifications';

describe('links with a one-time token', () => {
  it.each([
    'https://portal.example.com/reset-password?token=abc',
    'https://portal.example.com/accept-invitation?token=abc',
    'https://portal.example.com/api/mail/unsubscribe?token=u.dealUpdates.mac',
    'https://portal.example.com/api/files/eyJhbGciOi.x.y',
    'https://example.com/portal/api/files/eyJhbGciOi.x.y',
    'https://example.com/portal/reset-password?lang=en&token=abc',
    'https://portal.example.com/reset-password#token=abc',
    'https://portal.example.com/go?next=https%3A%2F%2Fportal.example.com%2Freset-password%3Ftoken%3Dabc',
    '/api/files/eyJhbGciOi.x.y',
  ])('knows %s for one', (link) => {
    expect(carriesToken(link)).toBe(true);
  });

  it.each([
    'https://portal.example.com/dashboard',
    'https://portal.example.com/dashboard?tab=settings',
    'https://portal.example.com/?signin=1',
    'https://portal.example.com/r/ACME-42',
    'https://portal.example.com/admin/pipeline#unplaced-bookings',
  ])('leaves %s alone', (link) => {
    expect(carriesToken(link)).toBe(false);
  });

  it('replaces each such link in a text and keeps the words around it', () => {
    const text =
      'Choose a new password: https://portal.example.com/reset-password?token=abc\n' +
      '(or https://portal.example.com/api/files/xyz) and see https://portal.example.com/dashboard.\n' +
      'Settings / Partners and/or https://portal.example.com/r/CODE';
    expect(redactTokenLinks(text)).toBe(
      `Choose a new password: ${TOKEN_LINK_REDACTED}\n` +
        `(or ${TOKEN_LINK_REDACTED}) and see https://portal.example.com/dashboard.\n` +
        'Settings / Partners and/or https://portal.example.com/r/CODE',
    );
  });
});
