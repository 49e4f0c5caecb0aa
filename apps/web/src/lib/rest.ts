// The SPA's one HTTP client: tRPC's batch link and the REST routes (CSV exports, wire instructions,
// material uploads) all send through apiFetch, with the session's bearer token. A REST failure
// throws the server's own {message, code}; a 401 hands the visitor to the session to sign out.

import { AUTH_TOKEN_KEY } from '@portal/contracts/plain';

export function readToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function authHeaders(): Record<string, string> {
  const token = readToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** The only call of `fetch` in the app. */
export const apiFetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => fetch(input, init);

/** A REST call the server refused: its message (read through errorMessage in lib/errors.ts), status and code. */
export class RestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'RestError';
  }
}

let unauthorized: () => void = () => undefined;

/** Who is told about a 401 from a REST call (the session store, wired up with the query client). */
export function onRestUnauthorized(handler: () => void) {
  unauthorized = handler;
}

async function request(path: string, init: RequestInit, fallbackMessage?: string): Promise<Response> {
  const response = await apiFetch(path, {
    ...init,
    headers: { ...authHeaders(), ...(init.headers as Record<string, string> | undefined) },
  });
  if (response.ok) return response;
  if (response.status === 401) unauthorized();
  const body = (await response.json().catch(() => null)) as { message?: unknown; code?: unknown } | null;
  // Without the server's words or the caller's, the message stays empty: errorMessage then shows the screen's fallback.
  const message = typeof body?.message === 'string' ? body.message : (fallbackMessage ?? '');
  throw new RestError(message, response.status, typeof body?.code === 'string' ? body.code : undefined);
}

/** Posts a multipart form and answers the JSON the route returns. */
export async function postForm<T>(path: string, body: FormData, fallbackMessage: string): Promise<T> {
  const response = await request(path, { method: 'POST', body }, fallbackMessage);
  return (await response.json()) as T;
}

/** A cancelled upload: no error to show, the person asked for it. */
export class UploadCancelled extends Error {
  constructor() {
    super('The upload was cancelled');
    this.name = 'UploadCancelled';
  }
}

export interface UploadOptions {
  /** Bytes sent so far of the whole request, as the browser reports them. */
  onProgress: (sent: number, total: number) => void;
  signal: AbortSignal;
}

/**
 * Posts a multipart form with upload progress and cancellation, and answers the route's JSON. This is
 * XMLHttpRequest, not fetch: fetch reports no upload progress (streaming request bodies need HTTP/2
 * and are refused for FormData). Errors read like `postForm`'s.
 */
export function postFormWithProgress<T>(
  path: string,
  body: FormData,
  options: UploadOptions,
  fallbackMessage: string,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal.aborted) {
      reject(new UploadCancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded, event.total);
    });
    const abort = () => xhr.abort();
    options.signal.addEventListener('abort', abort, { once: true });
    xhr.addEventListener('loadend', () => options.signal.removeEventListener('abort', abort));
    xhr.addEventListener('abort', () => reject(new UploadCancelled()));
    xhr.addEventListener('error', () => reject(new RestError(fallbackMessage, 0, undefined)));
    xhr.addEventListener('load', () => {
      const parsed = (() => {
        try {
          return JSON.parse(xhr.responseText) as unknown;
        } catch {
          return null;
        }
      })();
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(parsed as T);
        return;
      }
      if (xhr.status === 401) unauthorized();
      const error = parsed as { message?: unknown; code?: unknown } | null;
      reject(
        new RestError(
          typeof error?.message === 'string' ? error.message : fallbackMessage,
          xhr.status,
          typeof error?.code === 'string' ? error.code : undefined,
        ),
      );
    });
    xhr.send(body);
  });
}

/** The file name of a Content-Disposition header, or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

export interface FetchedFile {
  blob: Blob;
  name: string;
  headers: Headers;
}

/** Fetches an authenticated file (a CSV export, wire instructions) without saving it yet. */
export async function fetchFile(path: string, fallbackName: string): Promise<FetchedFile> {
  const response = await request(path, {});
  const blob = await response.blob();
  return {
    blob,
    name: fileNameOf(response.headers.get('content-disposition'), fallbackName),
    headers: response.headers,
  };
}

/** Hands a fetched file to the browser as a download. */
export function saveFile(file: Pick<FetchedFile, 'blob' | 'name'>): void {
  const url = URL.createObjectURL(file.blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = file.name;
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the browser; the URL can go once the event loop turns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** Fetches an authenticated file (a CSV export, wire instructions) and hands it to the browser as a download. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  saveFile(await fetchFile(path, fallbackName));
}
