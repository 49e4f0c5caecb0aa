// REST paths of mail: the admin's Email log and the partner's mail preferences.

import { EMAIL_LOG_PAGE_SIZE } from '@portal/contracts';
import { idempotent, type RestRoute } from '../adapter';

const tag = 'Admin: email';

export const adminEmailRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/admin/emails',
    procedure: 'admin.emails',
    summary:
      'Recent mails of the outbox, newest first: kind, recipient, subject, status, attempts, last error, sent at',
    tag,
    paged: { noun: 'mails', defaultLimit: EMAIL_LOG_PAGE_SIZE },
  },
  {
    method: 'GET',
    path: '/api/admin/emails/{id}',
    procedure: 'admin.email',
    summary:
      'One mail with its plain-text body; links with a one-time token are replaced, and a mail with a one-time link (password reset, team invitation) has body null with bodyNote saying why',
    tag,
  },
  {
    method: 'POST',
    path: '/api/admin/emails/{id}/resend',
    procedure: 'admin.resendEmail',
    summary: 'Queue a new copy of a mail (the original keeps its history); answers the new row',
    tag,
    status: 201,
    ...idempotent,
  },
  {
    method: 'GET',
    path: '/api/admin/mail-delivery',
    procedure: 'admin.mailDelivery',
    summary: 'Whether the server delivers mail ({ delivering }): false without an SMTP server (SMTP_URL)',
    tag,
  },
  {
    method: 'GET',
    path: '/api/partners/me/mail-preferences',
    procedure: 'partner.mailPreferences',
    summary:
      'Which optional mails the partner gets: deal updates and monthly summaries (account and payment mails always go out)',
    tag: 'Partner',
  },
  {
    method: 'PATCH',
    path: '/api/partners/me/mail-preferences',
    procedure: 'partner.updateMailPreferences',
    summary: 'Switch deal updates and monthly summaries on or off (the fields given)',
    tag: 'Partner',
  },
];
