// Raw routes of the marketing library:
// - POST /api/admin/marketing-materials takes JSON (an external link, through admin.createMaterial)
//   or multipart/form-data (a file of at most 25 MB, recognised by its bytes);
// - GET /api/files/{token} streams a stored file for a valid signed download token, or (object
//   storage) redirects to a presigned GET of the bucket valid for 5 minutes.
// @fastify/multipart is registered inside this encapsulated plugin only.

import multipart from '@fastify/multipart';
import {
  MATERIAL_UPLOAD_MESSAGES,
  MAX_UPLOAD_BYTES,
  adminMaterialOutput,
  createMaterialInput,
  uploadMaterialFields,
} from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DomainError,
  withActor,
  idempotently,
  requirePermission,
  FileTooLargeError,
  StoredFileNotFoundError,
} from '../../services/platform';
import {
  FILE_KINDS,
  createStoredMaterial,
  materialOfDownloadLink,
  storeUpload,
  toAdminMaterial,
} from '../../services/materials';
import type { AppDeps } from '../../deps';
import { createContextFromRequest, type Context } from '../../trpc/context';
import { callProcedure, idempotent } from '../adapter';
import type { RawRoutes } from '../routes';
import { answeringErrors, errorResponse, jsonSchemaOf } from './raw-routes';

const CREATE_PATH = '/api/admin/marketing-materials';
const TEXT_FIELD_BYTES = 10_000;

/**
 * An error met while reading the body, in our error shape: the plugin's limits (too many parts, a field too
 * long) with their own message, a body the parser cannot read (no boundary, cut short) as 400. What the
 * portal itself refuses (a DomainError, the storage's limit) passes through unchanged.
 */
function readingError(error: unknown): unknown {
  if (error instanceof DomainError || error instanceof FileTooLargeError) return error;
  const e = error as { code?: unknown; statusCode?: unknown; message?: string };
  if (e?.statusCode === 413) return DomainError.tooLarge(MATERIAL_UPLOAD_MESSAGES.fileTooLarge, error);
  if (typeof e?.code === 'string' && e.code.startsWith('FST_') && e.message)
    return DomainError.invalid(e.message, error);
  return DomainError.invalid(MATERIAL_UPLOAD_MESSAGES.uploadUnreadable, error);
}

/** The parts of the body; an error of the parser (or of a file's stream, on a body cut short) is a 400. */
async function* partsOf(req: FastifyRequest) {
  try {
    yield* req.parts();
  } catch (error) {
    throw readingError(error);
  }
}

async function createFromMultipart(deps: AppDeps, ctx: Context, req: FastifyRequest, reply: FastifyReply) {
  const admin = requirePermission(ctx, 'materials:write');
  const fields: Record<string, string> = {};
  let stored: Awaited<ReturnType<typeof storeUpload>> | null = null;
  try {
    for await (const part of partsOf(req)) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || stored) {
          part.file.resume();
          continue;
        }
        const file = part.file;
        stored = await storeUpload(deps.storage, {
          file: { stream: file, fileName: part.filename },
          maxBytes: MAX_UPLOAD_BYTES,
        }).catch((error: unknown) => {
          // A body cut short fails the file's own stream: that is the sender's error, unlike a failing bucket
          // or a refused file, which the storage names itself.
          if (error instanceof DomainError || error instanceof FileTooLargeError || !file.errored) throw error;
          throw readingError(file.errored);
        });
        if (part.file.truncated) throw new FileTooLargeError(MAX_UPLOAD_BYTES);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
    if (!stored) throw DomainError.invalid(MATERIAL_UPLOAD_MESSAGES.fileRequired);
    const parsed = uploadMaterialFields.safeParse(fields);
    if (!parsed.success) throw DomainError.invalid(parsed.error.issues[0]?.message ?? 'Invalid input', parsed.error);
    const file = stored;
    let replayed = false;
    // Under an Idempotency-Key the upload is known by its fields and the digest of its bytes: a retry
    // answers the first material, and the copy it sent again is removed.
    const material = await idempotently(
      deps.db,
      {
        key: ctx.idempotencyKey,
        user: admin,
        scope: 'admin.uploadMaterial',
        input: { ...parsed.data, file: { name: file.fileName, sha256: file.sha256 } },
        now: deps.now(),
        onReplay: () => (replayed = true),
      },
      async (db) =>
        toAdminMaterial(
          await createStoredMaterial(db, {
            actorId: admin.id,
            input: parsed.data,
            file: {
              key: file.key,
              sizeBytes: file.sizeBytes,
              fileName: file.fileName,
              contentType: file.kind.contentType,
            },
          }),
        ),
    );
    if (!replayed) return reply.status(201).send(material);
    await deps.storage.remove(file.key).catch(() => undefined);
    return reply.status(200).header('Idempotent-Replayed', 'true').send(material);
  } catch (error) {
    if (stored) await deps.storage.remove(stored.key).catch(() => undefined);
    if (error instanceof FileTooLargeError) throw DomainError.tooLarge(MATERIAL_UPLOAD_MESSAGES.fileTooLarge, error);
    throw error;
  }
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentHeader(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

async function registerMaterialRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // One byte past the limit reaches the storage counter, which refuses the file (413).
      limits: {
        fileSize: MAX_UPLOAD_BYTES + 1,
        files: 1,
        fields: 10,
        fieldSize: TEXT_FIELD_BYTES,
        parts: 12,
        headerPairs: 100,
      },
    });

    scope.post(
      CREATE_PATH,
      answeringErrors(deps, async (req, reply) => {
        const ctx = await createContextFromRequest(deps, req, reply);
        if (req.isMultipart()) return await withActor(ctx.user, () => createFromMultipart(deps, ctx, req, reply));
        if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
          requirePermission(ctx, 'materials:write');
          throw DomainError.unsupportedMediaType(MATERIAL_UPLOAD_MESSAGES.contentTypeUnsupported);
        }
        const output = await callProcedure(ctx, 'admin.createMaterial', req.body ?? {});
        return reply.status(reply.getHeader('idempotent-replayed') === 'true' ? 200 : 201).send(output);
      }),
    );

    scope.get<{ Params: { token: string } }>(
      '/api/files/:token',
      answeringErrors(deps, async (req, reply) => {
        const material = await materialOfDownloadLink(deps, req.params.token);
        const storageKey = material.storageKey;
        const gone = (error: unknown) => {
          if (error instanceof StoredFileNotFoundError)
            throw DomainError.notFound(MATERIAL_UPLOAD_MESSAGES.materialNotFound);
          throw error;
        };
        const contentType = material.contentType ?? 'application/octet-stream';
        const contentDisposition = attachmentHeader(material.fileName ?? 'material');
        if (deps.storage.presignedUrl) {
          // Object storage: the client fetches the bytes from the bucket with a 5-minute presigned GET.
          const url = await deps.storage.presignedUrl(storageKey, { contentType, contentDisposition }).catch(gone);
          return reply.header('Cache-Control', 'private, no-store').redirect(url, 302);
        }
        const file = await deps.storage.open(storageKey).catch(gone);
        return reply
          .header('Content-Type', contentType)
          .header('Content-Length', String(file.sizeBytes))
          .header('Content-Disposition', contentDisposition)
          .header('Cache-Control', 'private, no-store')
          .send(file.stream);
      }),
    );
  });
}

const uploadSchema = jsonSchemaOf(uploadMaterialFields, 'input');

export const materialRawRoutes: RawRoutes = {
  register: registerMaterialRoutes,
  openapi: [
    {
      method: 'POST',
      path: CREATE_PATH,
      access: 'materials:write',
      operation: {
        operationId: 'admin.createMaterial',
        summary: 'Publish a marketing material: an external link (JSON) or an uploaded file (multipart)',
        description: `JSON { title, description?, type, fileUrl } publishes an external link. multipart/form-data with title, description, type and file uploads a file of at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB; its type is recognised by its bytes (${Object.keys(FILE_KINDS).join(', ')}), not by the name or header sent.`,
        tags: ['Admin: marketing materials'],
        parameters: idempotent.requestHeaders.map((header) => ({
          name: header.name,
          in: 'header',
          required: header.required,
          description: `${header.description} An upload is known by its fields and the SHA-256 of its bytes.`,
          schema: { type: 'string' },
        })),
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: jsonSchemaOf(createMaterialInput, 'input') },
            'multipart/form-data': {
              schema: {
                ...uploadSchema,
                properties: {
                  ...(uploadSchema.properties as object),
                  file: { type: 'string', format: 'binary', description: 'The file (at most 25 MB)' },
                },
                required: [...((uploadSchema.required as string[] | undefined) ?? []), 'file'],
              },
            },
          },
        },
        responses: {
          201: {
            description: 'Created',
            content: { 'application/json': { schema: jsonSchemaOf(adminMaterialOutput, 'output') } },
          },
          200: {
            description: 'A replay: the stored answer of the first request with this Idempotency-Key',
            headers: Object.fromEntries(
              idempotent.responseHeaders.map((h) => [
                h.name,
                { description: h.description, schema: { type: 'string' } },
              ]),
            ),
            content: { 'application/json': { schema: jsonSchemaOf(adminMaterialOutput, 'output') } },
          },
          400: errorResponse('Invalid fields or no file, or a malformed Idempotency-Key'),
          401: errorResponse('Not signed in'),
          403: errorResponse('Not an admin'),
          413: errorResponse('The file is larger than 25 MB'),
          415: errorResponse('Unsupported file type or request content type'),
          422: errorResponse('The Idempotency-Key was used before with another body'),
        },
      },
    },
    {
      method: 'GET',
      path: '/api/files/{token}',
      access: 'public',
      operation: {
        operationId: 'files.download',
        summary:
          'Download a stored marketing file with a signed address from POST /api/marketing-materials/{id}/download',
        description: 'The token is valid for 5 minutes and for that one file only; no bearer token is needed.',
        tags: ['Marketing materials'],
        security: [],
        parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          200: {
            description:
              'The file, in its own media type (the Content-Type stored at upload: application/pdf, image/png, …; application/octet-stream when none was stored)',
            content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
          },
          302: {
            description: 'With STORAGE_DRIVER=s3: the file at a presigned address of the bucket, valid for 5 minutes',
          },
          403: errorResponse('Invalid, altered or expired token'),
          404: errorResponse('The file is gone'),
        },
      },
    },
  ],
};
