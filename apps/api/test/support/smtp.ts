// A real SMTP server in the test process (the smtp-server package): it keeps every message that
// arrives, parsed, and can be stopped and started again on the same port to simulate an outage.

import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: ParsedMail['headers'];
  /** A header as it was written on the wire (unfolded), by lower-case name. */
  rawHeader(name: string): string | undefined;
  messageId: string | undefined;
}

export interface TestSmtp {
  url: string;
  port: number;
  mails: CapturedMail[];
  /** Waits until `count` mails have arrived (polls; no fixed sleep). */
  waitFor(count: number, timeoutMs?: number): Promise<CapturedMail[]>;
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const mails: CapturedMail[] = [];
  const create = () =>
    new SMTPServer({
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
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headers: parsed.headers,
              rawHeader: (name) => {
                const line = parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
                return line
                  ?.slice(line.indexOf(':') + 1)
                  .replace(/\r?\n\s+/g, ' ')
                  .trim();
              },
              messageId: parsed.messageId,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  let server = create();
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port));
    });
  const port = await listen(0);
  let running = true;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${mails.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return mails;
    },
    async stop() {
      if (!running) return;
      running = false;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      if (running) return;
      server = create();
      await listen(port);
      running = true;
    },
  };
}
