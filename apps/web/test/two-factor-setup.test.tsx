// Turning on two-factor sign-in: besides the QR code, the key can be copied or handed to the
// authenticator app on the same phone; Cancel leaves before anything is on and starts over.

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TwoFactorSetup } from '../src/features/auth/two-factor-setup';
import { SessionStore } from '../src/lib/session';
import { renderWithProviders } from './render';
import { serveTrpc } from './trpc-server';

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Ledgerline%20Partners:maya%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

afterEach(() => vi.unstubAllGlobals());

describe('two-factor set-up', () => {
  it('offers the key to copy and to open in the app, and Cancel starts over without turning anything on', async () => {
    const api = serveTrpc({ 'auth.mfaSetup': () => SETUP });
    const session = new SessionStore({
      user: { id: '4f7b2a2e-8d7c-4a51-9d0e-2b4c7d1e9f00', email: 'maya@example.com', role: 'partner' },
    });
    renderWithProviders(<TwoFactorSetup onDone={() => {}} />, { session });
    await userEvent.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect((await screen.findByTestId('mfa-secret')).textContent).toBe(SETUP.secret);
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in authenticator app' }).getAttribute('href')).toBe(SETUP.otpauthUrl);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeTruthy();
    expect(screen.queryByTestId('mfa-secret')).toBeNull();
    expect(api.calls.map((call) => call.path)).toEqual(['auth.mfaSetup']);
  });
});
