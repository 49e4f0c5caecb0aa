// Build step after `vite build` and the server build: renders `/` into dist/landing.html (the API
// sends it for `/`; index.html stays the shell of the signed-in screens), with .br/.gz copies. The
// template is public.html: the public pages' own entry (src/public-main.tsx) hydrates it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');
const { prepareTemplate, renderDocument } = await import(join(root, 'dist-ssr', 'entry-server.js'));
const template = prepareTemplate(readFileSync(join(dist, 'public.html'), 'utf8'), (path) =>
  readFileSync(join(dist, path), 'utf8'),
);
const html = await renderDocument(template, '/', {});
const target = join(dist, 'landing.html');
writeFileSync(target, html);
writeFileSync(
  `${target}.br`,
  brotliCompressSync(Buffer.from(html), { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
);
writeFileSync(`${target}.gz`, gzipSync(html, { level: 9 }));
console.log(`prerendered / → dist/landing.html (${html.length} bytes)`);
