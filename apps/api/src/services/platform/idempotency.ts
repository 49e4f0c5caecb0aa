// Idempotency-Key on creates and money changes: a client that retries after a dropped connection or a
// 503 gets the first answer again (Idempotent-Replayed: true) instead of a second bonus, void or
// client. The same key with another body is refused (422); keys are kept 24 hours. The stored answer
// is written in the transaction of the change itself, so a change and its key stand or fall together,
// and a second request with the key waits for the first (a transaction-scoped advisory lock).

import { createHash } from 'node:crypto';
import { MESSAGES } from '@portal/contracts';
import type { Db } from '@portal/db';
import { sql, type Transaction } from 'kysely';
import type { Database } from '@portal/db';
import type { SessionUser } from '../../deps';
import type { FieldCipher } from './crypto';
import { DomainError } from './errors';

export const IDEMPOTENCY_KEY_HOURS = 24;
const KEY = /^[\x21-\x7e]{8,200}$/;

export interface IdempotentCall {
  /** The Idempotency-Key header, when one was sent. */
  key: string | undefined;
  /** Whose key it is: the user, or the API key a call was made with. */
  user: Pick<SessionUser, 'id' | 'apiKeyId'>;
  /** The call the key is for (a procedure's path). */
  scope: string;
  /** The call's input, compared as JSON between a request and its retry. */
  input: unknown;
  now: Date;
  /** Tells the transport that the answer is a replay (the Idempotent-Replayed header). */
  onReplay: () => void;
  /**
   * For an answer that shows a secret once (a new API key, a webhook's signing secret): the stored answer
   * is sealed with the data key, like every secret at rest, so a retry still gets the secret it lost.
   */
  seal?: FieldCipher;
}

/** The associated data of a sealed answer: the key's own row, so a sealed answer opens nowhere else. */
const answerContext = (principal: string, scope: string, key: string) =>
  `idempotency_keys.response:${principal}:${scope}:${key}`;

/**
 * The transaction `trx` as a database handle whose own `transaction().execute(work)` runs `work` in
 * `trx`: a service written for a database (opening its transaction) then joins the caller's one.
 */
export function joiningTransaction(trx: Transaction<Database>): Db {
  const joined = {
    setAccessMode: () => joined,
    setIsolationLevel: () => joined,
    execute: <R>(work: (inner: Transaction<Database>) => Promise<R>) => work(trx),
  };
  return new Proxy(trx, {
    get(target, property) {
      if (property === 'transaction') return () => joined;
      const value: unknown = Reflect.get(target, property, target);
      // Kysely keeps its state in private fields: its methods run on the transaction itself.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Runs `change` once per key: inside one transaction with the key's stored answer when a key is sent.
 * `change` gets a handle whose transactions join that one, so any service can run under a key.
 */
export async function idempotently<T>(db: Db, call: IdempotentCall, change: (db: Db) => Promise<T>): Promise<T> {
  if (call.key === undefined) return change(db);
  if (!KEY.test(call.key)) throw DomainError.invalid(MESSAGES.idempotencyKeyInvalid);
  const principal = call.user.apiKeyId ? `key:${call.user.apiKeyId}` : call.user.id;
  const requestHash = createHash('sha256')
    .update(JSON.stringify(call.input ?? null))
    .digest('hex');
  const key = call.key;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`idempotency:${principal}:${call.scope}:${key}`}, 0))`.execute(
      trx,
    );
    const cutoff = new Date(call.now.getTime() - IDEMPOTENCY_KEY_HOURS * 3_600_000);
    await trx.deleteFrom('idempotencyKeys').where('createdAt', '<', cutoff).execute();
    const earlier = await trx
      .selectFrom('idempotencyKeys')
      // Read as text: the stored answer comes back exactly, keys untouched by the camel-case mapping of rows.
      .select(['requestHash', sql<string>`response::text`.as('response')])
      .where('principal', '=', principal)
      .where('scope', '=', call.scope)
      .where('key', '=', key)
      .executeTakeFirst();
    if (earlier) {
      if (earlier.requestHash !== requestHash) throw DomainError.unprocessable(MESSAGES.idempotencyKeyReusedForOther);
      call.onReplay();
      if (!call.seal) return JSON.parse(earlier.response) as T;
      const { sealed } = JSON.parse(earlier.response) as { sealed: string };
      try {
        return JSON.parse(call.seal.decrypt(sealed, answerContext(principal, call.scope, key))) as T;
      } catch (error) {
        // Sealed under a data key this deployment no longer holds: the first answer cannot be shown again.
        throw DomainError.conflict(MESSAGES.idempotencyAnswerUnreadable, error);
      }
    }
    const answer = await change(joiningTransaction(trx));
    const stored = JSON.stringify(answer ?? null);
    await trx
      .insertInto('idempotencyKeys')
      .values({
        principal,
        scope: call.scope,
        key,
        requestHash,
        response: call.seal
          ? JSON.stringify({ sealed: call.seal.encrypt(stored, answerContext(principal, call.scope, key)) })
          : stored,
        createdAt: call.now,
      })
      .execute();
    return answer;
  });
}

/** Runs `work` in the caller's transaction when there is one, else in a new one. */
export function inTransaction<T>(
  db: Db | Transaction<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}
