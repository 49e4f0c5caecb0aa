// The marketing library: listing, publishing (an external link or a stored file), editing,
// and counting downloads. Every change writes its activity row in the same transaction.

import {
  MATERIAL_UPLOAD_MESSAGES,
  MESSAGES,
  type AdminMaterial,
  type Material,
  type MaterialType,
} from '@portal/contracts';
import type { Db, MarketingMaterialsTable, MaterialRow } from '@portal/db';
import { sql, type Insertable } from 'kysely';
import type { Readable } from 'node:stream';
import type { AppDeps, SessionUser } from '../../deps';
import { hasPermission } from '../platform/permissions';
import { changeSet, logActivity, type DbOrTx } from '../platform/activity';
import { DomainError } from '../platform/errors';
import { downloadTokensFor } from './download-tokens';
import { createFileSniffer } from './file-types';
import type { FileStorage } from '../platform/storage';

export function toMaterial(row: MaterialRow): Material {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type as MaterialType,
    fileName: row.fileName,
    isExternal: row.storageKey === null,
    downloadCount: row.downloadCount,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toAdminMaterial(row: MaterialRow): AdminMaterial {
  return { ...toMaterial(row), fileUrl: row.fileUrl, contentType: row.contentType, sizeBytes: row.sizeBytes };
}

/** Newest first; partners see active materials only. */
export async function listMaterials(db: DbOrTx, options: { activeOnly: boolean }): Promise<MaterialRow[]> {
  let query = db.selectFrom('marketingMaterials').selectAll();
  if (options.activeOnly) query = query.where('isActive', '=', true);
  return query.orderBy('createdAt', 'desc').orderBy('id').execute();
}

export async function findMaterial(db: DbOrTx, id: string): Promise<MaterialRow | undefined> {
  return db.selectFrom('marketingMaterials').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Counts one download in a single atomic UPDATE (concurrent downloads never lose a count)
 * and logs it. Answers undefined when there is no such (active, when `activeOnly`) material.
 */
export async function recordDownload(
  db: DbOrTx,
  options: { materialId: string; userId: string; partnerId: string | null; activeOnly: boolean },
): Promise<MaterialRow | undefined> {
  const run = async (tx: DbOrTx) => {
    let update = tx
      .updateTable('marketingMaterials')
      .set({ downloadCount: sql<number>`download_count + 1` })
      .where('id', '=', options.materialId);
    if (options.activeOnly) update = update.where('isActive', '=', true);
    const row = await update.returningAll().executeTakeFirst();
    if (!row) return undefined;
    await logActivity(tx, {
      userId: options.userId,
      action: 'material.downloaded',
      entityType: 'material',
      entityId: row.id,
      details: { partnerId: options.partnerId, downloadCount: row.downloadCount },
    });
    return row;
  };
  return inTransaction(db, run);
}

/** Where the file of a material can be fetched: its external address, or a signed, short-lived portal address. */
export function downloadAddress(
  deps: Pick<AppDeps, 'config' | 'now'>,
  row: Pick<MaterialRow, 'id' | 'storageKey' | 'fileUrl' | 'isActive' | 'updatedAt'>,
): string {
  if (row.storageKey) {
    const token = downloadTokensFor(deps.config).sign(
      { id: row.id, storageKey: row.storageKey, isActive: row.isActive, updatedAt: row.updatedAt },
      deps.now(),
    );
    return `${deps.config.publicUrl?.replace(/\/$/, '') ?? ''}/api/files/${token}`;
  }
  return row.fileUrl ?? '';
}

export interface MaterialFields {
  title: string;
  description?: string | undefined;
  type: MaterialType;
}

const materialFields = (input: MaterialFields) => ({
  title: input.title,
  description: input.description ?? null,
  type: input.type,
});

/** A new material and its activity row (the title, and what the file is). */
async function insertMaterial(
  db: DbOrTx,
  {
    actorId,
    values,
    details,
  }: { actorId: string | null; values: Insertable<MarketingMaterialsTable>; details: Record<string, unknown> },
): Promise<MaterialRow> {
  return inTransaction(db, async (tx) => {
    const row = await tx.insertInto('marketingMaterials').values(values).returningAll().executeTakeFirstOrThrow();
    await logActivity(tx, {
      userId: actorId,
      action: 'material.created',
      entityType: 'material',
      entityId: row.id,
      details: { title: row.title, ...details },
    });
    return row;
  });
}

export async function createExternalMaterial(
  db: DbOrTx,
  { actorId, input }: { actorId: string | null; input: MaterialFields & { fileUrl: string } },
): Promise<MaterialRow> {
  return insertMaterial(db, {
    actorId,
    values: { ...materialFields(input), fileUrl: input.fileUrl },
    details: { external: true },
  });
}

export interface UploadedFile {
  stream: Readable;
  fileName: string;
}

/**
 * Streams an upload into storage while recognising its type by its bytes; refuses (and removes)
 * files of other types. Throws FileTooLargeError past maxBytes; nothing is kept then.
 */
export async function storeUpload(storage: FileStorage, { file, maxBytes }: { file: UploadedFile; maxBytes: number }) {
  const sniffer = createFileSniffer();
  const stored = await storage.put(file.stream, { maxBytes, through: sniffer });
  const kind = sniffer.kind();
  if (!kind) {
    await storage.remove(stored.key);
    throw DomainError.unsupportedMediaType(MATERIAL_UPLOAD_MESSAGES.fileTypeUnsupported);
  }
  return { ...stored, kind, fileName: safeFileName(file.fileName, kind.extension), sha256: sniffer.sha256() };
}

/** A display name for Content-Disposition: no folders, no control characters, the detected extension. */
export function safeFileName(name: string, extension: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .replace(/\.[A-Za-z0-9]{1,8}$/, '')
    .slice(0, 150);
  return `${base || 'material'}.${extension}`;
}

export async function createStoredMaterial(
  db: DbOrTx,
  {
    actorId,
    input,
    file,
  }: {
    actorId: string | null;
    input: MaterialFields;
    file: { key: string; sizeBytes: number; fileName: string; contentType: string };
  },
): Promise<MaterialRow> {
  return insertMaterial(db, {
    actorId,
    values: {
      ...materialFields(input),
      fileUrl: null,
      storageKey: file.key,
      fileName: file.fileName,
      contentType: file.contentType,
      sizeBytes: file.sizeBytes,
    },
    details: { fileName: file.fileName, sizeBytes: file.sizeBytes, contentType: file.contentType },
  });
}

export interface MaterialChanges {
  title?: string | undefined;
  description?: string | null | undefined;
  type?: MaterialType | undefined;
  fileUrl?: string | undefined;
  isActive?: boolean | undefined;
}

/**
 * Edits a material. Giving an external address to a stored material turns it into a link;
 * the old file's key is answered so the caller removes it once the change is committed.
 */
export interface MaterialEdit {
  actorId: string | null;
  id: string;
  changes: MaterialChanges;
  now: Date;
}

export async function updateMaterial(
  db: DbOrTx,
  { actorId, id, changes, now }: MaterialEdit,
): Promise<{ row: MaterialRow; replacedStorageKey: string | null } | undefined> {
  return inTransaction(db, async (tx) => {
    const current = await tx
      .selectFrom('marketingMaterials')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) return undefined;
    const set: Record<string, unknown> = {};
    if (changes.title !== undefined && changes.title !== current.title) set.title = changes.title;
    if (changes.description !== undefined && changes.description !== current.description)
      set.description = changes.description;
    if (changes.type !== undefined && changes.type !== current.type) set.type = changes.type;
    if (changes.isActive !== undefined && changes.isActive !== current.isActive) set.isActive = changes.isActive;
    let replacedStorageKey: string | null = null;
    if (changes.fileUrl !== undefined && (changes.fileUrl !== current.fileUrl || current.storageKey)) {
      Object.assign(set, {
        fileUrl: changes.fileUrl,
        storageKey: null,
        fileName: null,
        contentType: null,
        sizeBytes: null,
      });
      replacedStorageKey = current.storageKey;
    }
    if (Object.keys(set).length === 0) return { row: current, replacedStorageKey: null };
    const row = await tx
      .updateTable('marketingMaterials')
      .set({ ...set, updatedAt: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const action =
      set.isActive === true
        ? 'material.activated'
        : set.isActive === false
          ? 'material.deactivated'
          : 'material.updated';
    // The stored file's key is internal; its name, type and size say which file it was.
    await logActivity(tx, {
      userId: actorId,
      action,
      entityType: 'material',
      entityId: id,
      details: { ...changeSet(current, set, { omit: ['storageKey'] }) },
    });
    return { row, replacedStorageKey };
  });
}

/** An admin's edit: the change, then the file it replaced removed from storage once the change is committed. */
export async function editMaterial(
  deps: Pick<AppDeps, 'db' | 'storage' | 'logger'>,
  edit: MaterialEdit,
): Promise<MaterialRow | undefined> {
  const result = await updateMaterial(deps.db, edit);
  if (result?.replacedStorageKey) {
    await deps.storage
      .remove(result.replacedStorageKey)
      .catch((err: unknown) => deps.logger.warn({ err }, 'could not remove a replaced material file'));
  }
  return result?.row;
}

/**
 * Who is looking at the library: its keepers (materials:read, everything) or an active partner
 * (active materials); anyone else is refused.
 */
export type LibraryViewer = { isAdmin: true; partnerId: null } | { isAdmin: false; partnerId: string };

export async function libraryViewer(db: Db, user: SessionUser): Promise<LibraryViewer> {
  if (hasPermission(user, 'materials:read')) return { isAdmin: true, partnerId: null };
  const partner = await db
    .selectFrom('partners')
    .select(['id', 'status'])
    .where('userId', '=', user.id)
    .executeTakeFirst();
  if (partner?.status !== 'active') throw DomainError.forbidden(MESSAGES.partnerNotActive);
  return { isAdmin: false, partnerId: partner.id };
}

/**
 * The material a viewer downloads: a partner's download is counted (active materials only), a keeper's
 * preview is not. Undefined when the viewer has no such material.
 */
export function materialForDownload(
  db: DbOrTx,
  { viewer, materialId, userId }: { viewer: LibraryViewer; materialId: string; userId: string },
): Promise<MaterialRow | undefined> {
  return viewer.isAdmin
    ? findMaterial(db, materialId)
    : recordDownload(db, { materialId, userId, partnerId: viewer.partnerId, activeOnly: true });
}

/**
 * The stored material a download link names, while the link still matches it: a link this server did
 * not sign, or one outdated by a change to the material, is 403; a deleted material, or one deactivated
 * since the link was issued, is gone for its links (404).
 */
export async function materialOfDownloadLink(
  deps: Pick<AppDeps, 'db' | 'config' | 'now'>,
  link: string,
): Promise<MaterialRow & { storageKey: string }> {
  const tokens = downloadTokensFor(deps.config);
  const token = tokens.read(link, deps.now());
  if (!token) throw DomainError.forbidden(MATERIAL_UPLOAD_MESSAGES.downloadLinkInvalid);
  const material = await findMaterial(deps.db, token.materialId);
  if (!material) throw DomainError.notFound(MATERIAL_UPLOAD_MESSAGES.materialNotFound);
  const storageKey = material.storageKey;
  if (
    !storageKey ||
    !tokens.matches(token, {
      id: material.id,
      storageKey,
      isActive: material.isActive,
      updatedAt: material.updatedAt,
    })
  ) {
    if (!material.isActive) throw DomainError.notFound(MATERIAL_UPLOAD_MESSAGES.materialNotFound);
    throw DomainError.forbidden(MATERIAL_UPLOAD_MESSAGES.downloadLinkInvalid);
  }
  return { ...material, storageKey };
}

function inTransaction<T>(db: DbOrTx, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
