// An SMTP server in the test process that keeps every mail a portal sends, for journeys that follow
// a mailed link (password reset, team invitations).

import { startTestSmtp, type CapturedMail } from '@portal/api/test-smtp';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from '../../bench/src/local-machine';
import { journeyOf, usePortal, type PortalJourney } from './harness';

export type Mail = CapturedMail;

export interface Mailbox {
  /** SMTP_URL for the portal. */
  readonly url: string;
  readonly mails: Mail[];
  /** The first mail to `to` with `subject`, waiting for it up to `timeoutMs`; `context` joins the failure message. */
  waitFor(to: string, subject: string, context?: () => string, timeoutMs?: number): Promise<Mail>;
  close(): Promise<void>;
}

/** The API tests' SMTP server (every mail kept, parsed), asked for mails by recipient and subject. */
export async function startMailbox(): Promise<Mailbox> {
  const smtp = await startTestSmtp();
  const mails = smtp.mails;
  return {
    url: smtp.url,
    mails,
    async waitFor(to, subject, context = () => '', timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.find((m) => m.to === to && m.subject === subject);
        if (mail) return mail;
        if (Date.now() > deadline)
          throw new Error(
            `no "${subject}" mail for ${to}; got ${JSON.stringify(mails.map((m) => [m.to, m.subject]))}\n${context()}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => smtp.stop(),
  };
}

export interface MailedJourney extends PortalJourney {
  readonly mailbox: Mailbox;
  /** The first mail to `to` with `subject` (the portal's output joins the failure message). */
  waitForMail(to: string, subject: string): Promise<Mail>;
}

/**
 * `usePortal` with a mailbox: the portal mails to an SMTP server of this file and knows its own
 * address (PUBLIC_URL) for the links it mails.
 */
export function useMailedPortal(env: Record<string, string> = {}): MailedJourney {
  let mailbox: Mailbox | undefined;
  beforeAll(async () => {
    mailbox = await startMailbox();
  });
  // Hooks after run in reverse order: the mailbox closes once the portal has stopped.
  afterAll(async () => {
    await mailbox?.close();
  });
  const journey = usePortal(async () => {
    const port = await freePort();
    return {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: (mailbox as Mailbox).url,
      MAIL_FROM: 'Ledgerline <mail@e2e.test>',
      ...env,
    };
  });
  const mailed = journeyOf(() => journey) as MailedJourney;
  return Object.defineProperties(mailed, {
    mailbox: {
      get() {
        if (!mailbox) throw new Error('The mailbox starts in beforeAll: use it inside hooks and tests');
        return mailbox;
      },
    },
    waitForMail: {
      value: (to: string, subject: string) => mailed.mailbox.waitFor(to, subject, () => journey.portal.logs()),
    },
  });
}
