// The API keys card names who created a key as the Activity screen does: the name, with the email under it.

import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiKeysCard } from '../src/features/admin/integrations/api-keys-card';
import { renderWithProviders } from './render';
import { serveTrpc } from './trpc-server';

afterEach(() => vi.unstubAllGlobals());

const key = {
  id: '00000000-0000-4000-8000-0000000000c1',
  name: 'Reporting dashboard',
  prefix: 'ppk_abcd',
  scopes: ['partners:read'],
  createdBy: 'admin@example.com',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
};

describe('the API keys card', () => {
  it('shows the creator’s name with the email under it, and the email alone when they set no name', async () => {
    serveTrpc({
      'admin.apiKeys': () => [
        { ...key, createdByName: 'Morgan Lee' },
        { ...key, id: '00000000-0000-4000-8000-0000000000c2', name: 'Exports', createdByName: null },
      ],
    });
    renderWithProviders(<ApiKeysCard />);
    expect((await screen.findAllByText('Morgan Lee')).length).toBeGreaterThan(0);
    // The email breaks only at its separators (EmailAddress), so it is read from the text, not one node.
    expect(document.body.textContent?.split('admin@example.com').length).toBeGreaterThanOrEqual(3);
    expect(document.body.textContent).toContain('Morgan Leeadmin@example.com');
  });
});
