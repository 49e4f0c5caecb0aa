// The Email log says why mail does not go out when the server has no SMTP server, and how to fix it;
// a log of delivered mail says nothing of the kind. A row opens its mail: its delivery and its
// plain-text body, or why the body is not shown.

import {
  EMAIL_BODY_NOTES,
  NOT_SENT_NO_SMTP,
  TOKEN_LINK_REDACTED,
  type EmailDetail,
  type EmailLogEntry,
} from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmailLog } from '../src/features/admin/emails/email-log';
import { anAdminSession, aPage } from './fixtures';
import { atPhoneWidth, renderInRouter } from './render';
import { ProcedureError, serveTrpc } from './trpc-server';

const mail = (fields: Partial<EmailLogEntry>): EmailLogEntry => ({
  id: 'a1111111-1111-4111-8111-111111111111',
  kind: 'applicationReceived',
  recipient: 'maya@northwind-growth.example',
  subject: 'We received your application',
  status: 'sent',
  attempts: 1,
  lastError: null,
  nextAttemptAt: null,
  sentAt: '2026-11-27T10:00:00.000Z',
  createdAt: '2026-11-27T10:00:00.000Z',
  resentFrom: null,
  resendable: true,
  ...fields,
});

const detail = (entry: EmailLogEntry, fields: Partial<EmailDetail>): EmailDetail => ({
  ...entry,
  body: null,
  bodyNote: null,
  ...fields,
});

const session = () => anAdminSession(['emails:read', 'emails:write']);

afterEach(() => vi.unstubAllGlobals());

describe('the Email log', () => {
  it('says that mail is not delivered, and what to set, when mails were not sent for want of SMTP', async () => {
    serveTrpc({
      'admin.emails': () => aPage([mail({ status: 'not_sent', sentAt: null, lastError: NOT_SENT_NO_SMTP })]),
    });
    renderInRouter(<EmailLog />, { session: anAdminSession(['emails:read', 'emails:write']) });
    const alert = await screen.findByTestId('no-smtp');
    expect(alert.textContent).toContain('Mail is not being delivered');
    expect(alert.textContent).toContain('SMTP_URL');
  });

  it('says nothing of the kind when mail goes out', async () => {
    serveTrpc({ 'admin.emails': () => aPage([mail({})]) });
    renderInRouter(<EmailLog />, { session: anAdminSession(['emails:read', 'emails:write']) });
    await screen.findByText('We received your application');
    expect(screen.queryByTestId('no-smtp')).toBeNull();
  });
});

describe('an opened mail', () => {
  const forfeit = mail({
    id: 'b2222222-2222-4222-8222-222222222222',
    kind: 'feesForfeited',
    subject: 'Your unpaid referral fees are forfeited',
    status: 'failed',
    attempts: 6,
    sentAt: null,
    lastError: 'connect ECONNREFUSED 127.0.0.1:25',
  });
  const reset = mail({
    id: 'c3333333-3333-4333-8333-333333333333',
    kind: 'passwordReset',
    subject: 'Reset your password',
    status: 'pending',
    attempts: 0,
    sentAt: null,
    nextAttemptAt: '2026-11-27T10:05:00.000Z',
  });
  const forfeitBody =
    '$1,250.00 in unpaid fees forfeited\n\nHello Maya, under section 5 of the Affiliate Agreement your unpaid referral fees of $1,250.00 are forfeited.\n\n' +
    `See your statement: https://portal.example.com/dashboard\n\nUnsubscribe: ${TOKEN_LINK_REDACTED}\n\n<b>not markup</b>`;

  const serve = () =>
    serveTrpc({
      'admin.emails': () => aPage([forfeit, reset]),
      'admin.email': (input) => {
        const { id } = input as { id: string };
        if (id === forfeit.id) return detail(forfeit, { body: forfeitBody });
        if (id === reset.id) return detail(reset, { bodyNote: EMAIL_BODY_NOTES.oneTimeLink });
        return new ProcedureError(404, 'NOT_FOUND', 'Email not found');
      },
      'admin.resendEmail': () => mail({ id: 'd4444444-4444-4444-8444-444444444444', resentFrom: forfeit.id }),
    });

  it('opens on a click of its row with its delivery, last error and body as text', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderInRouter(<EmailLog />, { session: session() });
    await user.click(await screen.findByText('Your unpaid referral fees are forfeited'));

    const dialog = await screen.findByRole('dialog', { name: 'Your unpaid referral fees are forfeited' });
    expect(within(dialog).getByText('maya@', { exact: false })).toBeTruthy();
    expect(within(dialog).getByText('Failed')).toBeTruthy();
    expect(within(dialog).getByText('6 attempts')).toBeTruthy();
    expect(within(dialog).getByText('connect ECONNREFUSED 127.0.0.1:25')).toBeTruthy();
    const body = await within(dialog).findByTestId('email-body');
    expect(body.tagName).toBe('PRE');
    expect(body.textContent).toBe(forfeitBody);
    // The body is text: markup in it is shown, never rendered.
    expect(body.querySelector('b')).toBeNull();
    expect(within(dialog).getByText(/Links that work only for the recipient/)).toBeTruthy();
    expect(api.inputs('admin.email')).toEqual([{ id: forfeit.id }]);
  });

  it('opens from the View button with the keyboard, and says why a mail with a one-time link shows no body', async () => {
    serve();
    const user = userEvent.setup();
    renderInRouter(<EmailLog />, { session: session() });
    const view = await screen.findByRole('button', { name: `View Reset your password to ${reset.recipient}` });
    view.focus();
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    const note = await within(dialog).findByTestId('email-body-note');
    expect(note.textContent).toBe(EMAIL_BODY_NOTES.oneTimeLink);
    expect(within(dialog).queryByTestId('email-body')).toBeNull();
    expect(within(dialog).getByText('Pending')).toBeTruthy();
    expect(within(dialog).getByText('Not sent')).toBeTruthy();
  });

  it('says so when the mail cannot be loaded', async () => {
    serveTrpc({
      'admin.emails': () => aPage([forfeit]),
      'admin.email': () => new ProcedureError(404, 'NOT_FOUND', 'Email not found'),
    });
    const user = userEvent.setup();
    renderInRouter(<EmailLog />, { session: session() });
    await user.click(await screen.findByRole('button', { name: /^View Your unpaid referral fees/ }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Email not found');
  });

  it('keeps Resend a button of its own: it queues a copy and opens nothing', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderInRouter(<EmailLog />, { session: session() });
    await user.click(await screen.findByRole('button', { name: /^Resend Your unpaid referral fees/ }));
    await waitFor(() => expect(api.inputs('admin.resendEmail')).not.toEqual([]));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.inputs('admin.email')).toEqual([]);
  });

  it('fills the screen at phone width', async () => {
    atPhoneWidth();
    serve();
    const user = userEvent.setup();
    renderInRouter(<EmailLog />, { session: session() });
    await user.click(await screen.findByRole('button', { name: /^View Your unpaid referral fees/ }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.closest('[data-full-screen]')).not.toBeNull());
  });
});
