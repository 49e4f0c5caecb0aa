import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy next to every text asset of the build, once, at the
 * highest levels, so the server can send them as they are (@fastify/static `preCompressed`) instead
 * of the raw bytes (issue 9 §3: the landing page's transfer size and Lighthouse scores).
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
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((name) => /\.(js|css|svg|json|txt)$/.test(name));
      for (const name of files) {
        const path = join(outDir, name);
        if (!statSync(path).isFile()) continue;
        const source = readFileSync(path);
        if (source.length < 512) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }));
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * Modulepreload tags in public.html for the chunks its entry imports dynamically (React DOM, then the
 * page): src/public-main.tsx evaluates them one task after another so no single task blocks a phone,
 * and these tags let the browser fetch them all at once, as if they were static imports (issue 19).
 * The SPA (src/spa.tsx, after a sign-in) and the chunks the page itself loads lazily are left out.
 */
function preloadEntryDynamicImports(htmlFile: string, skip: RegExp): Plugin {
  return {
    name: 'portal:preload-entry-dynamic-imports',
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
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName) || fileName === ctx.chunk?.fileName) return;
          files.add(fileName);
          for (const imported of chunkOf(fileName)?.imports ?? []) visit(imported);
        };
        for (const fileName of ctx.chunk.dynamicImports) {
          const chunk = chunkOf(fileName);
          // The SPA's chunk may hold other modules too (no facade): it is skipped when it holds the SPA's entry.
          if (chunk && !chunk.moduleIds.some((id) => skip.test(id))) visit(fileName);
        }
        const tags = [...files].filter((fileName) => !html.includes(`/${fileName}"`)).map((fileName) => `<link rel="modulepreload" crossorigin href="/${fileName}">`);
        return html.replace('</head>', `${tags.join('\n')}\n</head>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), preloadEntryDynamicImports('public.html', /\/src\/spa\.tsx$/), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/trpc': apiTarget },
  },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // index.html: the SPA (signed-in screens). public.html: the template of the server-rendered public
    // pages (`/`, `/r/{code}`), whose entry (src/public-main.tsx) hydrates them without the SPA's
    // router, query and tRPC clients (issue 19: less JavaScript before the page answers).
    rollupOptions: { input: { index: resolve(import.meta.dirname, 'index.html'), public: resolve(import.meta.dirname, 'public.html') } },
  },
  // The server build (src/ssr/entry-server.tsx) carries its dependencies: the API imports it as one file.
  ssr: { noExternal: true },
});
