// The password screens without a server: the way from the sign-in dialog to the reset form, its
// validation, the strength hint, and the change-password dialog's rules.

import { MESSAGES, resetPasswordInput } from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthDialog, type AuthMode } from '../src/features/auth/auth-dialog';
import { ChangePasswordDialog } from '../src/features/auth/change-password-dialog';
import { ResetPasswordPage } from '../src/features/auth/reset-password-page';
import { passwordStrength } from '../src/features/auth/password-strength';
import { TokenPasswordForm } from '../src/features/auth/token-password-form';
import { SessionStore } from '../src/lib/session';
import { renderInRouter, renderWithProviders } from './render';
import { serveTrpc } from './trpc-server';

function Dialog() {
  const [mode, setMode] = useState<AuthMode>('login');
  return <AuthDialog opened mode={mode} onModeChange={setMode} onClose={() => {}} />;
}

describe('forgot password', () => {
  it('opens from "Forgot password?" in the sign-in dialog and comes back', async () => {
    renderWithProviders(<Dialog />, { session: new SessionStore({ user: null }) });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByText('Reset Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('button', { name: /^Sign In$/ })).toBeTruthy();
  });

  it('refuses a malformed email before sending', async () => {
    renderWithProviders(<Dialog />, { session: new SessionStore({ user: null }) });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(MESSAGES.invalidEmail)).toBeTruthy();
  });
});

describe('change password', () => {
  it('asks for the current password and a new one of at least 6 characters', async () => {
    renderWithProviders(<ChangePasswordDialog opened onClose={() => {}} />, {
      session: new SessionStore({
        user: { id: '4f7b2a2e-8d7c-4a51-9d0e-2b4c7d1e9f00', email: 'a@example.com', role: 'admin' },
      }),
    });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MESSAGES.currentPasswordRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.authPasswordMin)).toBeTruthy();
    expect(screen.getByText('Password strength: too short')).toBeTruthy();
  });
});

describe("a team member's new password", () => {
  const renderFor = (role: 'admin' | 'partner') =>
    renderWithProviders(<ChangePasswordDialog opened onClose={() => {}} />, {
      session: new SessionStore({
        user: { id: '4f7b2a2e-8d7c-4a51-9d0e-2b4c7d1e9f00', email: 'a@example.com', role },
      }),
    });

  /** Submits a new password of 9 characters and nothing else. */
  const submitShortPassword = () => {
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'k7#qPz-x9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  };

  it('needs 12 characters for staff, as at invitation, and names the rule in the hint', async () => {
    renderFor('admin');
    expect(screen.getByText(/^At least 12 characters/)).toBeTruthy();
    submitShortPassword();
    expect(await screen.findByText(MESSAGES.adminPasswordTooShort)).toBeTruthy();
  });

  it("keeps the sign-up minimum for a partner's password", async () => {
    renderFor('partner');
    expect(screen.getByText(/^At least 6 characters/)).toBeTruthy();
    submitShortPassword();
    expect(await screen.findByText(MESSAGES.currentPasswordRequired)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.adminPasswordTooShort)).toBeNull();
  });
});

describe('the strength hint', () => {
  it('grades length and variety', () => {
    expect(passwordStrength('abc')).toBe('too short');
    expect(passwordStrength('abcdef')).toBe('weak');
    expect(passwordStrength('abcdef12')).toBe('weak');
    expect(passwordStrength('abcdefgh12')).toBe('fair');
    expect(passwordStrength('Correct-Horse-42')).toBe('strong');
  });
});

describe('a new password against a mailed token (reset link, invitation)', () => {
  const props = {
    schema: resetPasswordInput.pick({ password: true }),
    label: 'New password',
    submitLabel: 'Set new password',
    pending: false,
    missingTitle: 'No reset link',
    missingMessage: MESSAGES.resetLinkInvalid,
  };

  it("names the account's minimum in the hint (an invitation's is 12)", () => {
    renderWithProviders(<TokenPasswordForm {...props} token="abc" minLength={12} onSubmit={vi.fn()} />);
    expect(screen.getByText(/^At least 12 characters/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/New password/), { target: { value: 'abcdefgh12' } });
    expect(screen.getByText('Password strength: too short')).toBeTruthy();
  });

  it('says why nothing can be done when the link has no token', () => {
    renderWithProviders(<TokenPasswordForm {...props} token={undefined} onSubmit={vi.fn()} />);
    expect(screen.getByText(MESSAGES.resetLinkInvalid)).toBeTruthy();
    expect(screen.queryByLabelText(/New password/)).toBeNull();
  });

  it('checks the password as the server will before sending it', async () => {
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(<TokenPasswordForm {...props} token="abc" onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText(/New password/), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(MESSAGES.authPasswordMin)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/New password/), { target: { value: 'a long enough passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('a long enough passphrase'));
  });
});

describe('the reset page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says at once that a dead link no longer works, and offers a new one without a password field', async () => {
    const api = serveTrpc({
      'auth.checkResetLink': () => ({ valid: false }),
      'auth.forgotPassword': () => ({ message: MESSAGES.resetRequested }),
    });
    renderInRouter(<ResetPasswordPage token="bogus" />, { session: new SessionStore({ user: null }) });
    expect(await screen.findByText('This link no longer works')).toBeTruthy();
    expect(screen.getByText(MESSAGES.resetLinkInvalid)).toBeTruthy();
    expect(screen.queryByLabelText(/New password/)).toBeNull();
    expect(api.calls).toEqual([{ path: 'auth.checkResetLink', input: { token: 'bogus' } }]);

    fireEvent.click(screen.getByRole('button', { name: 'Request a new link' }));
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'pat@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(MESSAGES.resetRequested)).toBeTruthy();
    expect(api.calls.at(-1)).toEqual({ path: 'auth.forgotPassword', input: { email: 'pat@example.com' } });
  });

  it('asks for a new password once the link is found to work', async () => {
    serveTrpc({ 'auth.checkResetLink': () => ({ valid: true }) });
    renderInRouter(<ResetPasswordPage token="live-token" />, { session: new SessionStore({ user: null }) });
    expect(await screen.findByLabelText(/New password/)).toBeTruthy();
    expect(screen.queryByText('This link no longer works')).toBeNull();
  });

  it('says a link without a token works not at all, without asking the server', async () => {
    const api = serveTrpc({});
    renderInRouter(<ResetPasswordPage token={undefined} />, { session: new SessionStore({ user: null }) });
    expect(await screen.findByText('No reset link')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request a new link' })).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});
