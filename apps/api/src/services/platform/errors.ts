// The failures the domain reports, in its own words: a kind and the user's message. Services throw
// these and know nothing of transports; trpc/errors.ts maps each kind once to a tRPC code, which the
// REST adapter turns into an HTTP status.

export type DomainErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'unavailable';

export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  static invalid = (message: string, cause?: unknown) => new DomainError('invalid', message, { cause });
  static unauthorized = (message: string, cause?: unknown) => new DomainError('unauthorized', message, { cause });
  static forbidden = (message: string, cause?: unknown) => new DomainError('forbidden', message, { cause });
  static notFound = (message: string, cause?: unknown) => new DomainError('not_found', message, { cause });
  static conflict = (message: string, cause?: unknown) => new DomainError('conflict', message, { cause });
  static unprocessable = (message: string, cause?: unknown) => new DomainError('unprocessable', message, { cause });
  static tooLarge = (message: string, cause?: unknown) => new DomainError('too_large', message, { cause });
  static unsupportedMediaType = (message: string, cause?: unknown) =>
    new DomainError('unsupported_media_type', message, { cause });
  static unavailable = (message: string, cause?: unknown) => new DomainError('unavailable', message, { cause });
}
