// The authentication dialog and the landing page without a server: validation messages of the
// spec, 'Please wait...' while submitting, toasts, closing, and the session after success.

import { MESSAGES, type AuthResult } from '@portal/contracts';
import { TRPCClientError } from '@trpc/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthDialog, type AuthMode } from '../src/features/auth/auth-dialog';
import { LandingPage } from '../src/features/auth/landing-page';
import { SessionStore } from '../src/lib/session';
import { renderWithProviders } from './render';

const ADMIN_RESULT: AuthResult = {
  token: 'header.payload.signature',
  user: { id: '4f7b2a2e-8d7c-4a51-9d0e-2b4c7d1e9f00', email: 'boss@example.com', role: 'admin' },
};

function Harness({
  initialMode,
  authenticate,
  onClose,
}: {
  initialMode: AuthMode;
  authenticate: (mode: AuthMode, c: { email: string; password: string }) => Promise<AuthResult>;
  onClose: () => void;
}) {
  const [mode, setMode] = useState(initialMode);
  const [opened, setOpened] = useState(true);
  return (
    <AuthDialog
      opened={opened}
      mode={mode}
      onModeChange={setMode}
      onClose={() => {
        setOpened(false);
        onClose();
      }}
      authenticate={authenticate}
    />
  );
}

function renderDialog(mode: AuthMode = 'login', authenticate = vi.fn(async () => ADMIN_RESULT)) {
  const onClose = vi.fn();
  const session = new SessionStore({ user: null });
  const result = renderWithProviders(<Harness initialMode={mode} authenticate={authenticate} onClose={onClose} />, {
    session,
  });
  return { ...result, authenticate, onClose, session };
}

const emailField = () => screen.getByLabelText<HTMLInputElement>(/^Email/);
const passwordField = () => screen.getByLabelText<HTMLInputElement>(/^Password/);
const submitButton = (name: RegExp) => screen.getByRole('button', { name });

beforeEach(() => localStorage.clear());

describe('the authentication dialog', () => {
  it("shows the spec's messages for an empty form and sends nothing", async () => {
    const { authenticate } = renderDialog();
    fireEvent.click(submitButton(/^Sign In$/));
    expect(await screen.findByText(MESSAGES.invalidEmail)).toBeTruthy();
    expect(screen.getByText(MESSAGES.authPasswordMin)).toBeTruthy();
    expect(authenticate).not.toHaveBeenCalled();
  });

  it('refuses a malformed email and a 5-character password', async () => {
    const { authenticate } = renderDialog('register');
    fireEvent.change(emailField(), { target: { value: 'not-an-email' } });
    fireEvent.change(passwordField(), { target: { value: '12345' } });
    fireEvent.click(submitButton(/Create Account/));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(authenticate).not.toHaveBeenCalled();
  });

  it("shows 'Please wait...' on a disabled button while signing in, then closes, greets and stores the session", async () => {
    let finish: (result: AuthResult) => void = () => {};
    const authenticate = vi.fn(() => new Promise<AuthResult>((resolve) => (finish = resolve)));
    const { onClose, session } = renderDialog('login', authenticate);
    await userEvent.type(emailField(), '  Boss@Example.com ');
    await userEvent.type(passwordField(), 'admin-password');
    fireEvent.click(submitButton(/^Sign In$/));
    const waiting = await screen.findByRole('button', { name: 'Please wait...' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    expect(authenticate).toHaveBeenCalledWith('login', { email: 'boss@example.com', password: 'admin-password' });
    finish(ADMIN_RESULT);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(await screen.findByText(MESSAGES.welcomeBack)).toBeTruthy();
    expect(screen.getByText(MESSAGES.welcomeBackText)).toBeTruthy();
    expect(session.getState().user).toEqual(ADMIN_RESULT.user);
    expect(localStorage.getItem('auth_token')).toBe(ADMIN_RESULT.token);
  });

  it("greets a new account with 'Account created!'", async () => {
    const { authenticate, onClose } = renderDialog('register');
    await userEvent.type(emailField(), 'new@example.com');
    await userEvent.type(passwordField(), 'secret1');
    fireEvent.click(submitButton(/Create Account/));
    expect(await screen.findByText(MESSAGES.accountCreated)).toBeTruthy();
    expect(screen.getByText(MESSAGES.accountCreatedText)).toBeTruthy();
    expect(authenticate).toHaveBeenCalledWith('register', { email: 'new@example.com', password: 'secret1' });
    expect(onClose).toHaveBeenCalled();
  });

  it("shows 'Login failed' with the server's message and stays open", async () => {
    const authenticate = vi.fn(async () => {
      throw new TRPCClientError(MESSAGES.invalidCredentials);
    });
    const { onClose, session } = renderDialog('login', authenticate);
    await userEvent.type(emailField(), 'boss@example.com');
    await userEvent.type(passwordField(), 'wrong-password');
    fireEvent.click(submitButton(/^Sign In$/));
    expect(await screen.findByText(MESSAGES.loginFailed)).toBeTruthy();
    expect(screen.getByText(MESSAGES.invalidCredentials)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(session.getState().user).toBeNull();
    expect((submitButton(/^Sign In$/) as HTMLButtonElement).disabled).toBe(false);
  });

  it("falls back to 'An error occurred. Please try again.' under 'Registration failed'", async () => {
    const authenticate = vi.fn(async () => {
      throw new Error('socket hang up');
    });
    renderDialog('register', authenticate);
    await userEvent.type(emailField(), 'new@example.com');
    await userEvent.type(passwordField(), 'secret1');
    fireEvent.click(submitButton(/Create Account/));
    expect(await screen.findByText(MESSAGES.registrationFailed)).toBeTruthy();
    expect(screen.getByText(MESSAGES.genericError)).toBeTruthy();
  });

  it('closes on Cancel without sending', async () => {
    const { authenticate, onClose } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(authenticate).not.toHaveBeenCalled();
  });

  it('switches between sign-in and registration', async () => {
    renderDialog('login');
    fireEvent.click(screen.getByRole('button', { name: 'Create a partner account' }));
    expect(await screen.findByRole('button', { name: 'Create Account' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: /^Sign In$/ })).toBeTruthy();
  });
});

describe('the landing page', () => {
  it('states the claims and the two portals', () => {
    renderWithProviders(<LandingPage />, { session: new SessionStore({ user: null }) });
    for (const text of [
      '$50/mo',
      '$100/mo',
      '127+',
      '32%',
      'Lifetime',
      'Partner Portal',
      'Admin Portal',
      'Track referral status and earnings',
      'Generate unique referral links',
      'Download marketing materials',
      'Partner approval queue',
      'Deal pipeline management',
      'Bulk payout processing',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
  });

  it("opens the dialog in the right mode from 'Sign In' and 'Create Partner Account'", async () => {
    renderWithProviders(<LandingPage />, { session: new SessionStore({ user: null }) });
    fireEvent.click(screen.getByRole('button', { name: 'Create Partner Account' }));
    const registerDialog = await screen.findByRole('dialog');
    expect(within(registerDialog).getByRole('button', { name: 'Create Account' })).toBeTruthy();
    fireEvent.click(within(registerDialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const loginDialog = await screen.findByRole('dialog');
    expect(within(loginDialog).getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });
});
