// @portal/client: a typed client of the portal's REST API, openapi-fetch over the types generated from
// the API's own OpenAPI document (src/schema.d.ts, written by `pnpm build`).

import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './schema';

export type { components, operations, paths } from './schema';

/** How the client signs its requests: a session token of a person, or an API key (`ppk_…`) of a tool. */
export type PortalCredentials = { token: string; apiKey?: never } | { apiKey: string; token?: never };

export type PortalClientOptions = PortalCredentials & {
  /** The portal's origin, e.g. https://portal.example.com (the paths start with /api). */
  baseUrl: string;
} & Omit<ClientOptions, 'baseUrl'>;

export type PortalClient = Client<paths>;

/**
 * A client whose every call is typed by the API's document: paths, parameters, bodies and answers,
 * each with `Authorization: Bearer <token or key>`.
 */
export function createPortalClient({ baseUrl, token, apiKey, headers, ...options }: PortalClientOptions): PortalClient {
  const secret = token ?? apiKey;
  return createClient<paths>({
    ...options,
    baseUrl,
    headers: { ...(headers as Record<string, string> | undefined), Authorization: `Bearer ${secret}` },
  });
}

/** The total of a paged list (X-Total-Count), from the response openapi-fetch returns beside the data. */
export function totalCountOf(response: Response): number | undefined {
  const value = response.headers.get('x-total-count');
  return value === null ? undefined : Number(value);
}

/** The address of the next page of a paged list (Link rel="next"), or undefined on the last page. */
export function nextPageOf(response: Response): string | undefined {
  return /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
}
