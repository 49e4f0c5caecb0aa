// The guards' spinner texts while the session settles (spec §4 Session).

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminAccessPending, PartnerAccessPending } from '../src/layout/guard-pending';
import { SessionStore } from '../src/lib/session';
import { renderWithProviders } from './render';

const partnerUser = { id: '00000000-0000-4000-8000-000000000001', email: 'pat@example.com', role: 'partner' as const };

describe('guard spinners', () => {
  it("reads 'Validating partner access...' while the user is being checked", () => {
    renderWithProviders(<PartnerAccessPending />, { session: new SessionStore({ status: 'loading' }) });
    expect(screen.getByRole('status').textContent).toBe('Validating partner access...');
  });

  it("reads 'Loading partner profile...' once the partner is known and the profile is loading", () => {
    renderWithProviders(<PartnerAccessPending />, {
      session: new SessionStore({ status: 'ready', user: partnerUser, partnerLoading: true }),
    });
    expect(screen.getByRole('status').textContent).toBe('Loading partner profile...');
  });

  it("reads 'Validating admin access...' in the admin area", () => {
    renderWithProviders(<AdminAccessPending />, { session: new SessionStore({ status: 'loading' }) });
    expect(screen.getByRole('status').textContent).toBe('Validating admin access...');
  });
});
