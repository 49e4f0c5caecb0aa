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

export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, serializers: { err: serializeError } },
    destination,
  );
}
