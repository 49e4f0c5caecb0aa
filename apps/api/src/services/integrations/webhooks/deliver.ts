// One delivery attempt of a webhook: signed per the Standard Webhooks specification, sent to an
// address checked by target.ts, 10 s timeout, redirects not followed (a 3xx is a failure), and
// at most 64 KB of the response read.

import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkTargetUrl, resolveTarget } from './target';

export const DELIVERY_TIMEOUT_MS = 10_000;
export const RESPONSE_BODY_LIMIT_BYTES = 64 * 1024;
export const SECRET_PREFIX = 'whsec_';

/** A new Standard Webhooks secret: `whsec_` + 32 random bytes in base64. */
export const newWebhookSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** The webhook-id of an event: the same on every attempt and every endpoint. */
export const webhookIdOf = (eventId: string) => `msg_${eventId}`;

/** `v1,<base64 HMAC-SHA256 of id.timestamp.body>` under the secret's bytes. */
export function signWebhook({
  secret,
  id,
  timestampSeconds,
  body,
}: {
  secret: string;
  id: string;
  timestampSeconds: number;
  body: string;
}): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

export interface WebhookRequest {
  url: string;
  secret: string;
  webhookId: string;
  body: string;
  now: Date;
  allowPrivate: boolean;
}

export async function sendWebhook(request: WebhookRequest): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const url = checkTargetUrl(request.url, request.allowPrivate);
    const [target] = await resolveTarget(url.hostname, request.allowPrivate);
    if (!target) throw new Error('no address');
    // The connection goes to the address just checked, never to a second look-up's answer.
    const pinned: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all)
        (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
      else callback(null, target.address, target.family);
    };
    const timestamp = Math.floor(request.now.getTime() / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'PartnerPortal-Webhooks/1.0',
      'webhook-id': request.webhookId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook({
        secret: request.secret,
        id: request.webhookId,
        timestampSeconds: timestamp,
        body: request.body,
      }),
    };
    const statusCode = await post(url, headers, request.body, pinned);
    const ok = statusCode >= 200 && statusCode < 300;
    return {
      ok,
      statusCode,
      durationMs: elapsed(),
      error: ok
        ? null
        : statusCode >= 300 && statusCode < 400
          ? `Redirect (${statusCode}) not followed`
          : `HTTP ${statusCode}`,
    };
  } catch (error) {
    return {
      ok: false,
      statusCode: null,
      durationMs: elapsed(),
      error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
    };
  }
}

function post(url: URL, headers: Record<string, string>, body: string, lookup: LookupFunction): Promise<number> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        timeout: DELIVERY_TIMEOUT_MS,
      },
      (res) => {
        let read = 0;
        const done = () => resolve(res.statusCode ?? 0);
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          // Enough is read to know the answer; a receiver streaming more is cut off.
          if (read > RESPONSE_BODY_LIMIT_BYTES) {
            res.destroy();
            done();
          }
        });
        res.on('end', done);
        res.on('error', done);
        res.on('close', done);
      },
    );
    const deadline = setTimeout(
      () => req.destroy(new Error(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)),
      DELIVERY_TIMEOUT_MS,
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.on('close', () => clearTimeout(deadline));
    req.end(body);
  });
}
