// Uploaded files in an S3-compatible bucket (AWS, MinIO, ...), so every replica serves every file.
// Uploads stream through the same size counter and type sniffer as the local driver into a
// multipart upload; a refused or broken upload is aborted and leaves no object behind.
// Downloads are redirected to a presigned GET valid for 5 minutes.

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { PassThrough, Readable } from 'node:stream';
import type { StorageConfig } from '../../config';
import { pipeline } from 'node:stream/promises';
import { MESSAGES } from '@portal/contracts';
import { DomainError } from './errors';
import { StoredFileNotFoundError, assertStorageKey, byteCounter, newStorageKey, type FileStorage } from './storage';

export const PRESIGNED_URL_SECONDS = 5 * 60;
/** The smallest part S3 accepts; a 25 MB file is at most 5 parts, two in memory at a time. */
const PART_BYTES = 5 * 1024 * 1024;
const CHECK_TIMEOUT_MS = 3000;

/** The bucket's settings, as the configuration reads them (STORAGE_DRIVER=s3). */
export type S3StorageOptions = Omit<Extract<StorageConfig, { driver: 's3' }>, 'driver'>;

function clientFor(options: S3StorageOptions, endpoint: string | undefined): S3Client {
  return new S3Client({
    endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where S3 requires them: S3-compatible servers do not all read the trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    // An endpoint that accepts and never answers must not hold a request: each call ends after this long
    // without a byte either way (an upload keeps sending, so a slow one is not cut).
    requestHandler: {
      connectionTimeout: Math.min(options.timeoutMs, 5_000),
      socketTimeout: options.timeoutMs,
    },
  });
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** A short reason for readiness answers: the error's name, never its request or credentials. */
function shortReason(error: unknown): string {
  if (error instanceof S3ServiceException) return `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})`;
  const e = error as { name?: string; code?: string };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'timed out';
  return e?.code ?? e?.name ?? 'unreachable';
}

/** A failure of the bucket itself (down, silent, refusing us) rather than of the file sent or asked for. */
function isStorageFailure(error: unknown): boolean {
  if (error instanceof S3ServiceException) return !isMissing(error);
  const e = error as { name?: string; code?: string };
  return (
    e?.name === 'TimeoutError' ||
    e?.name === 'RequestTimeout' ||
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'].includes(e?.code ?? '')
  );
}

/** The bucket's failures answer 503 with the user's words; anything else (a refused file) stays as it is. */
const asUnavailable = (error: unknown): unknown =>
  isStorageFailure(error) ? DomainError.unavailable(MESSAGES.storageUnavailable, error) : error;

export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = clientFor(options, options.endpoint);
  const signer =
    options.publicEndpoint && options.publicEndpoint !== options.endpoint
      ? clientFor(options, options.publicEndpoint)
      : client;
  const Bucket = options.bucket;

  const removeObject = async (Key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket, Key }));
  };

  return {
    async put(source, { maxBytes, extension, through }) {
      const Key = newStorageKey(extension);
      const counter = byteCounter(maxBytes);
      const body = new PassThrough();
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: body },
        partSize: PART_BYTES,
        queueSize: 2,
        leavePartsOnError: false,
      });
      const piping = through ? pipeline(source, through, counter, body) : pipeline(source, counter, body);
      // A failing upload (S3 down) must also stop the incoming stream, or the pipeline waits forever.
      const uploading = upload.done().catch((error: unknown) => {
        body.destroy(error as Error);
        throw error;
      });
      const [piped, uploaded] = await Promise.allSettled([piping, uploading]);
      if (piped.status === 'fulfilled' && uploaded.status === 'fulfilled')
        return { key: Key, sizeBytes: counter.size() };
      // Abort the multipart upload (its parts are dropped) and delete an object a single PUT may have made.
      await upload.abort().catch(() => undefined);
      await removeObject(Key).catch(() => undefined);
      // A broken bucket breaks the pipe with its own error (above), so the pipe's reason names it too.
      throw asUnavailable(piped.status === 'rejected' ? piped.reason : (uploaded as PromiseRejectedResult).reason);
    },

    async open(Key) {
      assertStorageKey(Key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!(object.Body instanceof Readable)) throw new Error('The S3 client returned no Node stream');
        return { stream: object.Body, sizeBytes: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) throw new StoredFileNotFoundError('No such file');
        throw asUnavailable(error);
      }
    },

    async remove(Key) {
      assertStorageKey(Key);
      await removeObject(Key).catch((error: unknown) => {
        throw asUnavailable(error);
      });
    },

    async presignedUrl(Key, response) {
      assertStorageKey(Key);
      // A file gone from the bucket is a 404 of ours, not an XML error page of the bucket's.
      await client.send(new HeadObjectCommand({ Bucket, Key })).catch((error: unknown) => {
        if (isMissing(error)) throw new StoredFileNotFoundError('No such file');
        throw asUnavailable(error);
      });
      const command = new GetObjectCommand({
        Bucket,
        Key,
        ResponseContentType: response.contentType,
        ResponseContentDisposition: response.contentDisposition,
        ResponseCacheControl: 'private, no-store',
      });
      return getSignedUrl(signer, command, { expiresIn: PRESIGNED_URL_SECONDS });
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
      } catch (error) {
        throw new Error(shortReason(error), { cause: error });
      }
    },

    close() {
      client.destroy();
      if (signer !== client) signer.destroy();
    },
  };
}
