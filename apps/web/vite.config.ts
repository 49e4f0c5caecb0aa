import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type UserConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy next to every text asset of the build, once, at the
 * highest levels, so the server can send them as they are (@fastify/static `preCompressed`) instead
 * of the raw bytes (the landing page's transfer size and Lighthouse scores).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  let ssr = false;
  return {
    name: 'portal:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    closeBundle() {
      if (ssr) return;
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((name) =>
        /\.(js|css|svg|json|txt)$/.test(name),
      );
      for (const name of files) {
        const path = join(outDir, name);
        if (!statSync(path).isFile()) continue;
        const source = readFileSync(path);
        if (source.length < 512) continue;
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/** The id of the JSON block that lists what public.html's loader fetches (bench/src/web-size.ts reads it too). */
const BOOT_ASSETS_ELEMENT = 'portal-boot-assets';

/**
 * Runs after the first paint (the frame after it, whichever comes first of that and one second): adds the
 * modulepreload links and the module entry that public.html's build tags named. Constant text, so its
 * CSP hash is the same for every build and page.
 */
const BOOT_LOADER =
  `(function(){var d=document,done=false,a=JSON.parse(d.getElementById('${BOOT_ASSETS_ELEMENT}').textContent);` +
  `function go(){if(done)return;done=true;a.preload.forEach(function(u){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;d.head.appendChild(l)});` +
  `var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=a.entry;d.head.appendChild(s)}` +
  `requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)})()`;

/**
 * public.html (the public pages on phones): the server-rendered page paints from its HTML and
 * inline CSS alone, so its JavaScript is fetched only after that first paint — the module entry and its
 * modulepreloads move from <head> into a JSON block that a small inline loader at the end of <body> reads.
 * The list also holds the chunks the entry imports dynamically (React DOM, then the page:
 * src/public-main.tsx evaluates them one task after another so no single task blocks a phone), so they are
 * fetched at once, as static imports would be. The SPA (src/spa.tsx, after a sign-in) and the chunks the
 * page loads lazily are left out.
 */
function deferPublicEntry(htmlFile: string, skip: RegExp): Plugin {
  return {
    name: 'portal:defer-public-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.filename.endsWith(htmlFile) || !ctx.chunk || !ctx.bundle) return html;
        const { bundle } = ctx;
        const chunkOf = (fileName: string) => {
          const chunk = bundle[fileName];
          return chunk?.type === 'chunk' ? chunk : undefined;
        };
        const preload: string[] = [];
        const ENTRY_TAG = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
        const PRELOAD_TAG = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
        const entry = ENTRY_TAG.exec(html)?.[1];
        if (!entry) throw new Error(`${htmlFile}: no module entry script to defer`);
        let out = html.replace(ENTRY_TAG, '').replace(PRELOAD_TAG, (_tag, href: string) => {
          preload.push(href);
          return '';
        });
        const seen = new Set<string>([ctx.chunk.fileName]);
        const visit = (fileName: string) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          if (!preload.includes(`/${fileName}`)) preload.push(`/${fileName}`);
          for (const imported of chunkOf(fileName)?.imports ?? []) visit(imported);
        };
        for (const fileName of ctx.chunk.dynamicImports) {
          // The SPA's chunk may hold other modules too (no facade): it is skipped when it holds the SPA's entry.
          const chunk = chunkOf(fileName);
          if (chunk && !chunk.moduleIds.some((id) => skip.test(id))) visit(fileName);
        }
        const assets = JSON.stringify({ entry, preload });
        out = out.replace(
          '</body>',
          `<script type="application/json" id="${BOOT_ASSETS_ELEMENT}">${assets}</script>\n<script>${BOOT_LOADER}</script>\n</body>`,
        );
        return out;
      },
    },
  };
}

/** The two HTML entries (see `build` below). */
const inputs = {
  index: resolve(import.meta.dirname, 'index.html'),
  public: resolve(import.meta.dirname, 'public.html'),
};
const appPlugins = () => [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()];

/**
 * The public pages' JavaScript in two chunks instead of ~30 (Total Blocking Time on a phone).
 * Split automatically, the page shares a dozen tiny chunks with the SPA's routes (a Badge here, a money
 * formatter there), and the loader's one task that starts a request per chunk took 90-180 ms at 4x CPU.
 * Which modules the page needs is only known after tree-shaking (Mantine's and Tabler's barrels import
 * every component), so a first build in memory, split automatically, names them: the chunks public.html's
 * entry imports dynamically (React DOM, the page) and what those import, less the entry's own static
 * chunks and the SPA's chunk. The real build then groups React DOM's modules into `public-react` and the
 * rest into `public-page`; the SPA imports the same modules from them. public-main.tsx still evaluates
 * React DOM in one task and the page in the next.
 */
async function publicPageGroups(): Promise<{ name: string; test: (id: string) => boolean }[]> {
  const result = await build({
    configFile: false,
    root: import.meta.dirname,
    logLevel: 'silent',
    plugins: appPlugins(),
    build: { write: false, rolldownOptions: { input: inputs } },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((output) =>
    'output' in output ? output.output : [],
  );
  const chunks = new Map(outputs.flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry && chunk.facadeModuleId === inputs.public);
  if (!entry) throw new Error('public.html: no entry chunk in the probe build');
  const closure = (fileName: string, into: Set<string>, except: Set<string>) => {
    if (into.has(fileName) || except.has(fileName)) return;
    into.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, into, except);
  };
  const initial = new Set<string>();
  closure(entry.fileName, initial, new Set());
  const reactModules = new Set<string>();
  const pageModules = new Set<string>();
  for (const fileName of entry.dynamicImports) {
    const moduleIds = chunks.get(fileName)?.moduleIds ?? [];
    if (moduleIds.some((id) => /\/src\/spa\.tsx$/.test(id))) continue;
    const reached = new Set<string>();
    closure(fileName, reached, initial);
    const isReact = moduleIds.some((id) => /[\\/]react-dom[\\/]client\.js$/.test(id));
    for (const reachedFile of reached)
      for (const id of chunks.get(reachedFile)?.moduleIds ?? []) (isReact ? reactModules : pageModules).add(id);
  }
  if (reactModules.size === 0 || pageModules.size === 0)
    throw new Error('public-main.tsx no longer imports React DOM and the page dynamically');
  return [
    { name: 'public-react', test: (id) => reactModules.has(id) },
    { name: 'public-page', test: (id) => pageModules.has(id) && !reactModules.has(id) },
  ];
}

export default defineConfig(async ({ command, isSsrBuild }): Promise<UserConfig> => ({
  plugins: [...appPlugins(), deferPublicEntry('public.html', /\/src\/spa\.tsx$/), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/trpc': apiTarget },
  },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // index.html: the SPA (signed-in screens). public.html: the template of the server-rendered public
    // pages (`/`, `/r/{code}`), whose entry (src/public-main.tsx) hydrates them without the SPA's
    // router, query and tRPC clients (less JavaScript before the page answers).
    rolldownOptions: {
      input: inputs,
      output: { codeSplitting: { groups: command === 'build' && !isSsrBuild ? await publicPageGroups() : [] } },
    },
  },
  // The server build (src/ssr/entry-server.tsx) carries its dependencies: the API imports it as one file.
  ssr: { noExternal: true },
}));
