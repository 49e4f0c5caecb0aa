// The server build's entry (vite build --ssr): renders a public page (`/`, `/r/{code}`) to HTML
// with the same tree the browser hydrates (public-root.tsx, from public-main.tsx). Used at build time for `/`
// (scripts/prerender.mjs) and by the API per request for `/r/{code}` (apps/api/src/web-pages.ts).

import { ColorSchemeScript } from '@mantine/core';
import { THEME_KEY } from '@portal/contracts/plain';
import { defaultParseSearch } from '@tanstack/react-router';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { DEFAULT_COLOR_SCHEME } from '../lib/theme';
import { FIRST_TAP_SCRIPT } from '../lib/first-tap';
import { parseReferralSearch } from '../lib/referral-search';
import { PublicRoot, publicPageOf } from '../public-root';
import { SSR_DATA_ELEMENT, type SsrData } from './ssr-data';

export type { SsrData };

export interface RenderedPage {
  /** Goes inside <div id="root">. */
  html: string;
  /**
   * Goes at the end of <head>: the colour-scheme script, the script that records taps made before hydration
   * (lib/first-tap.ts) and the data the browser primes its cache with.
   */
  head: string;
}

/** JSON that is safe inside a <script> element (no `</script>`, no `<!--`, no line separators). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Renders `url` (path and query of `/`, `/r/{code}` or `/partners/{code}`) for a visitor without a session. */
export async function render(url: string, data: SsrData): Promise<RenderedPage> {
  const address = new URL(url, 'http://localhost');
  const page = publicPageOf(address.pathname, defaultParseSearch(address.search));
  if (!page) throw new Error(`not a public page: ${address.pathname}`);
  const html = renderToString(<PublicRoot page={page} data={data} />);
  const head =
    renderToStaticMarkup(<ColorSchemeScript defaultColorScheme={DEFAULT_COLOR_SCHEME} localStorageKey={THEME_KEY} />) +
    `<script>${FIRST_TAP_SCRIPT}</script>` +
    `<script type="application/json" id="${SSR_DATA_ELEMENT}">${scriptJson(data)}</script>`;
  return { html, head };
}

/** The referral code a `/r/{code}` address stands for: `?ref=` wins over the path, as on the page itself. */
export function referralCodeOf(pathCode: string, query: Record<string, unknown>): string {
  return parseReferralSearch(query).ref ?? pathCode;
}

const ROOT_ELEMENT = /<div id="root">[\s\S]*?<\/p><\/div><\/div>/;
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g;

/**
 * The client build's public.html (the public pages' entry) made ready for server-rendered pages: its stylesheets inlined (no
 * round trip before the first paint). `readAsset` reads a file of the build by its relative path.
 */
export function prepareTemplate(indexHtml: string, readAsset: (path: string) => string): string {
  return indexHtml.replace(
    STYLESHEET_LINK,
    (_link, path: string) => `<style>${readAsset(path).replace(/<\/style/gi, '<\\/style')}</style>`,
  );
}

/** The whole document: the template with the rendered page in #root (marked for hydration) and its head additions. */
export async function renderDocument(template: string, url: string, data: SsrData): Promise<string> {
  const page = await render(url, data);
  return template
    .replace('</head>', `${page.head}</head>`)
    .replace(ROOT_ELEMENT, () => `<div id="root" data-ssr="1">${page.html}</div>`);
}
