// The Email log says why mail does not go out when the server has no SMTP server, and how to fix it;
// a log of delivered mail says nothing of the kind.

import { NOT_SENT_NO_SMTP, type EmailLogEntry, type EmailLogPage } from '@portal/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmailLog } from '../src/features/admin/emails/email-log';
import { anAdminSession } from './fixtures';
import { renderInRouter } from './render';
import { serveTrpc } from './trpc-server';

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

const page = (items: EmailLogEntry[]): EmailLogPage => ({ items, total: items.length, limit: 20, offset: 0 });

afterEach(() => vi.unstubAllGlobals());

describe('the Email log', () => {
  it('says that mail is not delivered, and what to set, when mails were not sent for want of SMTP', async () => {
    serveTrpc({
      'admin.emails': () => page([mail({ status: 'not_sent', sentAt: null, lastError: NOT_SENT_NO_SMTP })]),
    });
    renderInRouter(<EmailLog />, { session: anAdminSession(['emails:read', 'emails:write']) });
    const alert = await screen.findByTestId('no-smtp');
    expect(alert.textContent).toContain('Mail is not being delivered');
    expect(alert.textContent).toContain('SMTP_URL');
  });

  it('says nothing of the kind when mail goes out', async () => {
    serveTrpc({ 'admin.emails': () => page([mail({})]) });
    renderInRouter(<EmailLog />, { session: anAdminSession(['emails:read', 'emails:write']) });
    await screen.findByText('We received your application');
    expect(screen.queryByTestId('no-smtp')).toBeNull();
  });
});
