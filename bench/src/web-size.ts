// "Web": JavaScript and CSS of the pages, gzip-compressed (level 9).
// - `/` (apps/web/dist/landing.html, prerendered): (a) the render-blocking JS before its first paint
//   (classic scripts without async/defer) and (b) the JS it loads to hydrate (its module entry and
//   modulepreloads: the public pages' own entry, public-main.tsx), each against ≤ 120 KB;
// - the SPA shell (index.html, the signed-in screens): its initial JS and CSS.
// Lazily loaded chunks (the sign-in dialog, the toasts, route chunks) are not counted.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fmt, notMeasured } from './stats';
import type { BenchContext, BenchFigure } from './types';

const BENCHMARK = 'Web size';
export const JS_TARGET_KB = 170;
export const CSS_TARGET_KB = 30;
/** JavaScript the browser must run before the first paint of `/`. */
export const FIRST_PAINT_JS_TARGET_KB = 120;
/** The JavaScript `/` loads to hydrate ("the rest after it"), held to the same bound. */
export const HYDRATION_JS_TARGET_KB = 120;

/**
 * Render-blocking JavaScript of a document: classic scripts (inline or with src) without async/defer.
 * Module scripts and modulepreloads run after the parse, so a server-rendered page paints without them.
 */
export function renderBlockingScripts(html: string): { inline: string[]; src: string[] } {
  const inline: string[] = [];
  const src: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = match[1] ?? '';
    if (/\btype\s*=\s*["']?(module|application\/json)/i.test(attrs) || /\b(async|defer)\b/i.test(attrs)) continue;
    const url = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(attrs)?.[1];
    if (url) src.push(url);
    else inline.push(match[2] ?? '');
  }
  return { inline, src };
}

export interface InitialAssets {
  js: string[];
  css: string[];
}

/** The asset paths index.html references for the first paint. */
export function initialAssets(html: string): InitialAssets {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    if (/^<script/i.test(tag)) {
      const src = attr('src');
      if (src) js.add(src);
    } else {
      const rel = attr('rel')?.toLowerCase();
      const href = attr('href');
      if (!href) continue;
      if (rel === 'modulepreload') js.add(href);
      if (rel === 'stylesheet') css.add(href);
    }
  }
  // public.html fetches its module entry and preloads after the first paint, from this list (apps/web/vite.config.ts).
  const boot = /<script type="application\/json" id="portal-boot-assets">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (boot) {
    const assets = JSON.parse(boot) as { entry: string; preload: string[] };
    for (const path of [assets.entry, ...assets.preload]) js.add(path);
  }
  const local = (path: string) => !/^(https?:)?\/\//.test(path);
  return { js: [...js].filter(local), css: [...css].filter(local) };
}

const gzipKb = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

function allAssets(dir: string, ext: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(ext))
    .filter((name) => statSync(join(dir, name)).isFile());
}

export async function runWebSizeBench(
  _ctx: BenchContext,
  distDir = resolve(import.meta.dirname, '../../apps/web/dist'),
): Promise<BenchFigure[]> {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) {
    return [notMeasured(BENCHMARK, 'initial JS + CSS', 'build the web app first: pnpm --filter @portal/web build')];
  }
  const assets = initialAssets(readFileSync(indexPath, 'utf8'));
  const fileOf = (path: string) => join(distDir, path.replace(/^\//, '').split('?')[0] as string);
  const jsKb = assets.js.reduce((sum, path) => sum + gzipKb(fileOf(path)), 0);
  const cssKb = assets.css.reduce((sum, path) => sum + gzipKb(fileOf(path)), 0);
  const allJs = allAssets(join(distDir, 'assets'), '.js');
  const lazyChunks = allJs.length - assets.js.length;
  const landingPath = join(distDir, 'landing.html');
  const landing: BenchFigure[] = [];
  if (existsSync(landingPath)) {
    const html = readFileSync(landingPath, 'utf8');
    const blocking = renderBlockingScripts(html);
    const blockingKb =
      blocking.src.reduce((sum, path) => sum + gzipKb(fileOf(path)), 0) +
      blocking.inline.reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length / 1024, 0);
    const hydration = initialAssets(html).js;
    const hydrationKb = hydration.reduce((sum, path) => sum + gzipKb(fileOf(path)), 0);
    landing.push(
      {
        benchmark: BENCHMARK,
        figure: '(a) `/`: render-blocking JS before the first paint, gzip',
        value: `${fmt(blockingKb, 1)} KB`,
        target: `≤ ${FIRST_PAINT_JS_TARGET_KB} KB`,
        status: blockingKb <= FIRST_PAINT_JS_TARGET_KB ? 'met' : 'gap',
        note: `\`/\` is prerendered (dist/landing.html) with its styles inline; render-blocking are only ${blocking.inline.length} inline script(s) (Mantine's colour scheme; the loader at the end of <body> that adds the module entry and its preloads after the first paint) and ${blocking.src.length} classic script file(s); the module scripts (row (b)) are fetched after the first paint`,
      },
      {
        benchmark: BENCHMARK,
        figure: `(b) \`/\`: JS loaded to hydrate (module entry + modulepreloads, ${hydration.length} file(s)), gzip`,
        value: `${fmt(hydrationKb, 1)} KB`,
        target: `≤ ${HYDRATION_JS_TARGET_KB} KB`,
        status: hydrationKb <= HYDRATION_JS_TARGET_KB ? 'met' : 'gap',
        note: "the public pages' own entry (public.html → src/public-main.tsx: React, Mantine, the page; no router, query or tRPC client); the toasts load after hydration, the sign-in dialog when first opened; `/r/{code}` uses the same template",
      },
      {
        benchmark: BENCHMARK,
        figure: 'prerendered `/` document (HTML with inline CSS), gzip',
        value: `${fmt(gzipSync(html, { level: 9 }).length / 1024, 1)} KB`,
        status: 'info',
        note: 'served as is (with .br/.gz copies) for `/`; `/r/{code}` is the same template rendered per request',
      },
    );
  }
  return [
    ...landing,
    {
      benchmark: BENCHMARK,
      figure: `SPA shell (index.html, signed-in screens): initial JS, gzip (${assets.js.length} file(s))`,
      value: `${fmt(jsKb, 1)} KB`,
      target: `≤ ${JS_TARGET_KB} KB`,
      status: jsKb <= JS_TARGET_KB ? 'met' : 'gap',
      note: `${lazyChunks} further chunk(s) load only when their route is visited; gzip level 9`,
    },
    {
      benchmark: BENCHMARK,
      figure: `SPA shell (index.html): initial CSS, gzip (${assets.css.length} file(s))`,
      value: `${fmt(cssKb, 1)} KB`,
      target: `≤ ${CSS_TARGET_KB} KB`,
      status: cssKb <= CSS_TARGET_KB ? 'met' : 'gap',
    },
  ];
}
