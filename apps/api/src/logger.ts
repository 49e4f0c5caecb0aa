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

export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, destination);
}
