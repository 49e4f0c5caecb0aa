// API keys of internal tools: `ppk_` + 32 random bytes (base64url), shown once and
// stored only as a sha-256 hash. A key acts as its own principal whose permissions are its scopes.

import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_SCOPES,
  INTEGRATION_MESSAGES,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@portal/contracts';
import type { Db } from '@portal/db';
import { sql } from 'kysely';
import type { SessionUser } from '../../deps';
import { logActivity, type DbOrTx } from '../platform/activity';
import { DomainError } from '../platform/errors';
import { ROLE_PERMISSIONS } from '../platform/permissions';

export const API_KEY_PREFIX = 'ppk_';
const PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
/** last_used_at is written at most this often per key, so a busy tool does not write on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');
export const isApiKeyToken = (token: string) => token.startsWith(API_KEY_PREFIX);

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
const scopesOf = (stored: unknown): ApiKeyScope[] =>
  (Array.isArray(stored) ? stored : []).filter((s): s is ApiKeyScope =>
    (API_KEY_SCOPES as readonly string[]).includes(s as string),
  );

export async function createApiKey(
  db: Db,
  {
    createdBy,
    input,
    now,
  }: { createdBy: string; input: { name: string; scopes: ApiKeyScope[]; expiresAt?: string }; now: Date },
): Promise<CreatedApiKey> {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw DomainError.invalid(INTEGRATION_MESSAGES.expiresInPast);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const prefix = key.slice(0, PREFIX_LENGTH);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('apiKeys')
      .values({
        name: input.name,
        prefix,
        keyHash: hashApiKey(key),
        scopes: JSON.stringify(input.scopes),
        createdBy,
        createdAt: now,
        expiresAt,
      })
      .returning(['id', 'name', 'prefix', 'scopes', 'expiresAt'])
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      userId: createdBy,
      action: 'api_key.created',
      entityType: 'api_key',
      entityId: row.id,
      details: { name: row.name, prefix, scopes: input.scopes },
    });
    return {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      scopes: scopesOf(row.scopes),
      expiresAt: iso(row.expiresAt),
      key,
    };
  });
}

/** Keys not revoked, newest first; never the key or its hash. */
export async function listApiKeys(db: Db): Promise<ApiKey[]> {
  const rows = await db
    .selectFrom('apiKeys')
    .leftJoin('users', 'users.id', 'apiKeys.createdBy')
    .select([
      'apiKeys.id',
      'apiKeys.name',
      'apiKeys.prefix',
      'apiKeys.scopes',
      'users.email as createdBy',
      'users.displayName as createdByName',
      'apiKeys.createdAt',
      'apiKeys.lastUsedAt',
      'apiKeys.expiresAt',
    ])
    .where('apiKeys.revokedAt', 'is', null)
    .orderBy('apiKeys.createdAt', 'desc')
    .orderBy('apiKeys.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: scopesOf(row.scopes),
    createdBy: row.createdBy,
    createdByName: row.createdByName,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    expiresAt: iso(row.expiresAt),
  }));
}

/** Revokes at once: the next request with the key is refused. */
export async function revokeApiKey(
  db: Db,
  { id, actorId, now }: { id: string; actorId: string; now: Date },
): Promise<{ id: string; revoked: true }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('apiKeys')
      .set({ revokedAt: now })
      .where('id', '=', id)
      .where('revokedAt', 'is', null)
      .returning(['id', 'name', 'prefix'])
      .executeTakeFirst();
    if (!row) throw DomainError.notFound(INTEGRATION_MESSAGES.keyNotFound);
    await logActivity(trx, {
      userId: actorId,
      action: 'api_key.revoked',
      entityType: 'api_key',
      entityId: row.id,
      details: { name: row.name, prefix: row.prefix },
    });
    return { id: row.id, revoked: true as const };
  });
}

/**
 * Revokes every live key a team member created, inside the caller's transaction: a member who is
 * deactivated, or whose new role cannot manage keys, takes their keys' access with them at once.
 * Each key gets its own `api_key.revoked` row naming why. Answers how many were revoked.
 */
export async function revokeKeysOfMember(
  trx: DbOrTx,
  options: { memberId: string; actorId: string; reason: 'member deactivated' | 'role changed'; now: Date },
): Promise<number> {
  const rows = await trx
    .updateTable('apiKeys')
    .set({ revokedAt: options.now })
    .where('createdBy', '=', options.memberId)
    .where('revokedAt', 'is', null)
    .returning(['id', 'name', 'prefix'])
    .execute();
  for (const row of rows) {
    await logActivity(trx, {
      userId: options.actorId,
      action: 'api_key.revoked',
      entityType: 'api_key',
      entityId: row.id,
      details: { name: row.name, prefix: row.prefix, reason: options.reason },
    });
  }
  return rows.length;
}

/** Whether a team member in this state may hold working API keys. */
export const mayHoldApiKeys = (member: { role: SessionUser['role']; active: boolean }) =>
  member.active && ROLE_PERMISSIONS[member.role].includes('keys:manage');

export type KeyAuthentication =
  { user: SessionUser; tokenRejected: false } | { user: null; tokenRejected: true; rejectedMessage: string };

/**
 * The principal of a bearer API key: the key, acting within its scopes, under the id of the admin
 * who created it (so the rows it changes keep their user references). Revoked, expired or unknown
 * keys are refused, and so is a key whose creator is deactivated or can no longer manage keys,
 * whatever the order in which that happened.
 */
export async function authenticateApiKey(db: Db, { key, now }: { key: string; now: Date }): Promise<KeyAuthentication> {
  const row = await db
    .selectFrom('apiKeys')
    .innerJoin('users', 'users.id', 'apiKeys.createdBy')
    .select([
      'apiKeys.id',
      'apiKeys.scopes',
      'apiKeys.expiresAt',
      'apiKeys.revokedAt',
      'apiKeys.lastUsedAt',
      'users.id as userId',
      'users.email',
      'users.role',
      'users.active',
      'users.tokenVersion',
    ])
    .where('apiKeys.keyHash', '=', hashApiKey(key))
    .executeTakeFirst();
  if (!row) return { user: null, tokenRejected: true, rejectedMessage: INTEGRATION_MESSAGES.keyInvalid };
  if (row.revokedAt) return { user: null, tokenRejected: true, rejectedMessage: INTEGRATION_MESSAGES.keyRevoked };
  if (row.expiresAt && new Date(row.expiresAt).getTime() <= now.getTime())
    return { user: null, tokenRejected: true, rejectedMessage: INTEGRATION_MESSAGES.keyExpired };
  if (!mayHoldApiKeys(row))
    return { user: null, tokenRejected: true, rejectedMessage: INTEGRATION_MESSAGES.keyRevoked };
  if (!row.lastUsedAt || now.getTime() - new Date(row.lastUsedAt).getTime() >= LAST_USED_RESOLUTION_MS) {
    await db
      .updateTable('apiKeys')
      .set({ lastUsedAt: now })
      .where('id', '=', row.id)
      .where((eb) =>
        eb.or([
          eb('lastUsedAt', 'is', null),
          eb('lastUsedAt', '<', sql<Date>`${new Date(now.getTime() - LAST_USED_RESOLUTION_MS)}`),
        ]),
      )
      .execute();
  }
  return {
    user: {
      id: row.userId,
      email: row.email,
      role: row.role,
      tokenVersion: row.tokenVersion,
      apiKeyId: row.id,
      scopes: scopesOf(row.scopes),
    },
    tokenRejected: false,
  };
}
