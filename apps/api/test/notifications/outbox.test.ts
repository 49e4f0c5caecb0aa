// Delivery: mail is an outbox row written in the caller's transaction, delivered by the
// worker over a real SMTP server (in process), retried with backoff through an outage, sent once
// even by two workers on one database, and kept as "not sent" without SMTP.

import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { createDeps } from '../../src/deps';
import { createLogger } from '../../src/logger';
import {
  clearExpiredMailBodies,
  enqueueMail,
  enqueueTemplate,
  escapeHtml,
  portalLink,
  renderMail,
} from '../../src/services/notifications';
import { MESSAGES, NOT_SENT_NO_SMTP } from '@portal/contracts';
import { createOutboxWorker, RETRY_DELAYS_MS } from '../../src/workers/outbox-worker';
import {
  createTestDatabase,
  logSink,
  mailingEnv,
  runWorkersUntilIdle,
  useTestApp,
  useTestSmtp,
  expectRefusal,
} from '../support';

const smtp = useTestSmtp();
const t = useTestApp(mailingEnv(smtp, { MAIL_FROM: 'Ledgerline <mail@ledgerline.example>' }));
let seq = 0;
const subject = (label: string) => `${label} #${seq++}`;
const mail = (label: string, headers?: Record<string, string>) => ({
  kind: 'test',
  recipient: 'reader@example.com',
  subject: subject(label),
  text: `Text of ${label}`,
  html: `<p>${label}</p>`,
  headers,
});

afterEach(async () => {
  await smtp.start();
  // Every test starts from an empty outbox.
  await t.db.deleteFrom('emailOutbox').execute();
  smtp.mails.length = 0;
});

/** The value of one series in this app's Prometheus text (0 when absent). */
const sample = (text: string, series: string) =>
  Number(
    text
      .split('\n')
      .find((line) => line.startsWith(`${series} `))
      ?.slice(series.length + 1) ?? 0,
  );
const scrape = () => t.deps.metrics.registry.metrics();

const outbox = () => t.db.selectFrom('emailOutbox').selectAll().orderBy('createdAt').orderBy('subject').execute();

describe('the outbox worker', () => {
  it('delivers a queued mail over SMTP with its text, HTML, sender and extra headers', async () => {
    const worker = createOutboxWorker(t.deps);
    const one = mail('Hello', { 'List-Unsubscribe': '<https://portal.example.com/u?x=1>' });
    await enqueueMail(t.db, { mail: one, now: t.clock.now });
    expect(await worker.runOnce()).toBe(1);
    const [arrived] = await smtp.waitFor(1);
    expect(arrived).toMatchObject({ to: 'reader@example.com', subject: one.subject });
    expect(arrived?.text.trim()).toBe(one.text);
    expect(arrived?.html).toContain('<p>Hello</p>');
    expect(arrived?.rawHeader('list-unsubscribe')).toBe('<https://portal.example.com/u?x=1>');
    expect(arrived?.rawHeader('from')).toMatch(/^"?Ledgerline"? <mail@ledgerline\.example>$/);
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row?.sentAt?.getTime()).toBe(t.clock.now.getTime());
    expect(await worker.runOnce()).toBe(0);
    await worker.stop();
  });

  it('clears the body of a mail with a one-time link once it is sent, and refuses to resend it', async () => {
    const worker = createOutboxWorker(t.deps);
    const resetUrl = 'https://portal.example.com/reset-password?token=secret-token-of-the-link';
    await enqueueTemplate(t.db, {
      now: t.clock.now,
      recipient: 'reader@example.com',
      kind: 'passwordReset',
      values: { resetUrl, validMinutes: 30 },
    });
    await enqueueMail(t.db, { mail: mail('Ordinary'), now: t.clock.now });
    expect(await worker.runOnce()).toBe(2);
    const arrived = await smtp.waitFor(2);
    // The reader got the link; the outbox no longer holds it.
    expect(arrived.find((m) => m.subject === 'Reset your password')?.text).toContain(resetUrl);
    const rows = await outbox();
    const reset = rows.find((row) => row.kind === 'passwordReset');
    expect(reset).toMatchObject({ status: 'sent', textBody: '', htmlBody: '' });
    expect(JSON.stringify(rows)).not.toContain('secret-token-of-the-link');
    expect(rows.find((row) => row.kind === 'test')?.textBody).toContain('Text of Ordinary');

    const admin = await t.createUser({ role: 'admin' });
    const headers = await t.bearer(admin);
    const log = await t.app.inject({ method: 'GET', url: '/api/admin/emails', headers });
    // A paged list over REST answers its page as an array (the total in X-Total-Count).
    const entries = log.json<{ id: string; kind: string; resendable: boolean }[]>();
    expect(entries.find((e) => e.kind === 'passwordReset')?.resendable).toBe(false);
    expect(entries.find((e) => e.kind === 'test')?.resendable).toBe(true);
    const resend = await t.app.inject({ method: 'POST', url: `/api/admin/emails/${reset?.id}/resend`, headers });
    expectRefusal(resend, 409, MESSAGES.emailNotResendable);
    await worker.stop();
  });

  it('clears every body past MAIL_BODY_RETENTION_DAYS and keeps the row for the Email log', async () => {
    const worker = createOutboxWorker(t.deps);
    await enqueueMail(t.db, { mail: mail('Old'), now: t.clock.now });
    await enqueueMail(t.db, { mail: mail('Waiting'), now: new Date(t.clock.now.getTime() + 3_600_000) });
    expect(await worker.runOnce()).toBe(1);
    const started = t.clock.now;
    try {
      // 89 days on, nothing is cleared; 91 days on, the sent mail's body is, and the pending one keeps its own.
      t.clock.now = new Date(started.getTime() + 89 * 86_400_000);
      expect(await clearExpiredMailBodies(t.db, { now: t.clock.now, retentionDays: 90 })).toBe(0);
      t.clock.now = new Date(started.getTime() + 91 * 86_400_000);
      await t.db
        .updateTable('emailOutbox')
        .set({ nextAttemptAt: new Date('2200-01-01T00:00:00Z') })
        .where('status', '=', 'pending')
        .execute();
      await worker.runOnce();
      const rows = await outbox();
      expect(rows.map((row) => [row.status, row.textBody === ''])).toEqual([
        ['sent', true],
        ['pending', false],
      ]);
    } finally {
      t.clock.now = started;
      await worker.stop();
    }
  });

  it('writes nothing when the caller’s transaction rolls back', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, { mail: mail('Rolled back'), now: t.clock.now });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outbox()).toEqual([]);
  });

  it('keeps mail through an SMTP outage and sends each exactly once when the server is back', async () => {
    const retriesBefore = sample(await scrape(), 'portal_delivery_failures_total{channel="mail",outcome="retry"}');
    const worker = createOutboxWorker(t.deps);
    await smtp.stop();
    const sent = [mail('Outage A'), mail('Outage B'), mail('Outage C')];
    for (const m of sent) await enqueueMail(t.db, { mail: m, now: t.clock.now });

    expect(await worker.runOnce()).toBe(3);
    const waiting = await outbox();
    for (const row of waiting) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(row.nextAttemptAt.getTime()).toBe(t.clock.now.getTime() + 15_000);
    }
    // Not due yet: nothing is tried again before the backoff has passed.
    expect(await worker.runOnce()).toBe(0);

    await smtp.start();
    expect(await worker.runOnce()).toBe(0);
    t.clock.now = new Date(t.clock.now.getTime() + 16_000);
    // An operator sees the outage in the metrics: three retries counted, three mails waiting since the first try.
    const during = await scrape();
    expect(sample(during, 'portal_delivery_failures_total{channel="mail",outcome="retry"}') - retriesBefore).toBe(3);
    expect(sample(during, 'portal_outbox_backlog')).toBe(3);
    expect(sample(during, 'portal_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(16);
    expect(await worker.runOnce()).toBe(3);
    await smtp.waitFor(3);
    const after = await scrape();
    expect(sample(after, 'portal_outbox_backlog')).toBe(0);
    expect(sample(after, 'portal_outbox_oldest_age_seconds')).toBe(0);
    expect(await worker.runOnce()).toBe(0);
    expect(smtp.mails.map((m) => m.subject).sort()).toEqual(sent.map((m) => m.subject).sort());
    expect((await outbox()).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
      ['sent', 2],
    ]);
    await worker.stop();
  });

  it('retries within a minute, then backs off to 5 min, 30 min, 2 h, 6 h and then marks the mail failed', async () => {
    const worker = createOutboxWorker(t.deps);
    await smtp.stop();
    await enqueueMail(t.db, { mail: mail('Never'), now: t.clock.now });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt++) {
      expect(await worker.runOnce()).toBe(1);
      const [row] = await outbox();
      if (attempt <= 7) {
        expect(row).toMatchObject({ status: 'pending', attempts: attempt });
        waits.push(row!.nextAttemptAt.getTime() - t.clock.now.getTime());
        t.clock.now = row!.nextAttemptAt;
      } else {
        expect(row).toMatchObject({ status: 'failed', attempts: 8 });
        expect(row?.lastError).toBeTruthy();
      }
    }
    expect(waits).toEqual([...RETRY_DELAYS_MS]);
    expect(waits.map((ms) => ms / 1000)).toEqual([15, 30, 60, 300, 1800, 7200, 21600]);
    expect(await worker.runOnce()).toBe(0);
    await worker.stop();
  });

  it('sends each row once when two workers share the database', async () => {
    const first = createOutboxWorker(t.deps, { batchSize: 7 });
    const second = createOutboxWorker(t.deps, { batchSize: 7 });
    const queued = Array.from({ length: 30 }, (_, i) => mail(`Shared ${i}`));
    for (const m of queued) await enqueueMail(t.db, { mail: m, now: t.clock.now });
    expect(await runWorkersUntilIdle(first, second)).toBe(30);
    await smtp.waitFor(30);
    expect(smtp.mails).toHaveLength(30);
    expect(new Set(smtp.mails.map((m) => m.subject)).size).toBe(30);
    expect((await outbox()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    await Promise.all([first.stop(), second.stop()]);
  });

  it('polls on its own once started, and stops cleanly', async () => {
    const worker = createOutboxWorker(t.deps, { intervalMs: 20 });
    worker.start();
    await enqueueMail(t.db, { mail: mail('Polled'), now: t.clock.now });
    await smtp.waitFor(1);
    await worker.stop();
    expect((await outbox())[0]?.status).toBe('sent');
  });
});

describe('without SMTP_URL', () => {
  it('keeps mail as not sent and, in development, logs subject, recipient and links', async () => {
    const { stream, lines } = logSink();
    const database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-mail-')),
      JWT_SECRET: randomBytes(48).toString('base64url'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      PORT: '4321',
    });
    const deps = createDeps(config, database, createLogger('info', stream), () => new Date());
    try {
      const link = portalLink(config, '/reset-password', { token: 'abc' });
      expect(link).toBe('http://127.0.0.1:4321/reset-password?token=abc');
      await enqueueTemplate(deps.db, {
        now: deps.now(),
        recipient: 'local@example.com',
        kind: 'passwordReset',
        values: {
          resetUrl: link,
          validMinutes: 30,
        },
      });
      const worker = createOutboxWorker(deps);
      expect(await worker.runOnce()).toBe(1);
      await worker.stop();
      const row = await deps.db.selectFrom('emailOutbox').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'not_sent', lastError: NOT_SENT_NO_SMTP, attempts: 1 });
      const logged = lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => String(l.msg).includes(NOT_SENT_NO_SMTP));
      expect(logged).toMatchObject({ to: 'local@example.com', subject: 'Reset your password', links: [link] });
    } finally {
      await deps.rateLimits.close();
      await database.close();
    }
  });
});

describe('configuration', () => {
  it('requires PUBLIC_URL with SMTP_URL, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(
      /PUBLIC_URL: is required with SMTP_URL/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_URL: 'http://mail.example.com' })).toThrow(
      /SMTP_URL: must be an smtp/,
    );
    expect(
      loadConfig({
        NODE_ENV: 'test',
        SMTP_URL: 'smtp://u:p@mail.example.com:587',
        PUBLIC_URL: 'https://p.example.com',
        MAIL_FROM: 'A <a@b.c>',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtp://u:p@mail.example.com:587',
      bodyRetentionDays: 90,
      from: 'A <a@b.c>',
    });
  });
});

describe('templates', () => {
  it('escape values in the HTML, name the product and link absolutely', () => {
    const hostile = 'https://portal.example.com/reset-password?token=a"><script>x</script>';
    const content = renderMail('passwordReset', { resetUrl: hostile, validMinutes: 30 });
    expect(content.subject).toBe('Reset your password');
    expect(content.html).not.toContain('<script>');
    expect(content.html).toContain(escapeHtml(hostile));
    expect(content.html).toContain('Ledgerline');
    expect(content.html).toContain('#1971c2');
    expect(content.text).toContain(hostile);
    expect(content.text).toContain('30 minutes');
    expect(
      portalLink({ publicUrl: 'https://example.com/portal', host: 'x', port: 1 }, '/reset-password', { token: 't' }),
    ).toBe('https://example.com/portal/reset-password?token=t');
  });
});
