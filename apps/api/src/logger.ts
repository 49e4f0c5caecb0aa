import pino from 'pino';

/** Paths that must never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.bankRoutingNumber',
  '*.bankAccountNumber',
  '*.jwtSecret',
  '*.dataEncryptionKey',
];

/**
 * Properties of database errors that carry values: PGlite attaches the query text, its bind
 * parameters and options; PostgreSQL's `detail` repeats the failing row or key ("Key (email)=(…)"),
 * `where`/`internalQuery`/`hint` can quote statements.
 */
const VALUE_BEARING_KEYS = new Set([
  'query',
  'params',
  'parameters',
  'queryOptions',
  'values',
  'detail',
  'where',
  'internalQuery',
  'hint',
]);

/** SQLSTATE class 22 (data exception): PostgreSQL quotes the offending input in the message. */
const quotesInput = (error: unknown): boolean => {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
};

function scrub(value: unknown, quoted: boolean, depth = 0): unknown {
  if (typeof value === 'string') return quoted ? value.replace(/"(?:[^"\\\n]|\\.)*"/g, '"[redacted]"') : value;
  if (!value || typeof value !== 'object' || depth > 5) return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, quoted, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (!VALUE_BEARING_KEYS.has(key)) out[key] = scrub(item, quoted, depth + 1);
  }
  return out;
}

/** pino's error serializer, minus what a database error knows about the values it was given. */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return scrub(error, false);
  return scrub(pino.stdSerializers.err(error), quotesInput(error));
}

/**
 * Query parameters whose value is a credential: one-time links (reset, invitation, unsubscribe), signed
 * download addresses, keys. A referral code is public, but an OAuth-style `code` is not, so `code` counts.
 */
const SECRET_QUERY_NAME = /token|secret|signature|password|credential|^code$|^key$|api[-_]?key|^sig$/i;

/** Routes whose path segment after the prefix is itself a credential (a signed download token). */
const SECRET_PATH = /^(\/api\/files\/)[^/?#]+/;

export const REDACTED = '[REDACTED]';

/** A request's URL as a log line may show it: credential path segments and query values replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(SECRET_PATH, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A name that does not decode is compared as written.
      }
      return SECRET_QUERY_NAME.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** What Fastify's request log shows of a request (its own default fields), with the URL redacted. */
export function serializeRequest(req: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: serializeError, req: serializeRequest },
    },
    destination,
  );
}
