// An SMTP server in the test process that keeps every mail a portal sends, for journeys that follow
// a mailed link (password reset, team invitations).

import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { freePort, journeyOf, usePortal, type PortalJourney } from './harness';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailbox {
  /** SMTP_URL for the portal. */
  readonly url: string;
  readonly mails: Mail[];
  /** The first mail to `to` with `subject`, waiting for it up to `timeoutMs`; `context` joins the failure message. */
  waitFor(to: string, subject: string, context?: () => string, timeoutMs?: number): Promise<Mail>;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const mails: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const port = await new Promise<number>((resolve) =>
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as { port: number }).port)),
  );
  return {
    url: `smtp://127.0.0.1:${port}`,
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
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
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
