import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

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

/** The screens a visitor lands on without signing in: the landing page and a partner's referral page. */
const PUBLIC_ROUTE_CHUNK = /\/src\/routes\/(index|r\.\$code)\.tsx\?tsr-split=/;

/**
 * Adds <link rel="modulepreload"> for the code-split chunks of the public routes (`/` and `/r/{code}`)
 * and everything they import, so the browser fetches them together with the entry instead of after
 * it has run (one network round trip less before the first paint). Signed-in screens (admin,
 * partner, onboarding) stay out of index.html and load only when visited.
 */
function preloadPublicRoutes(): Plugin {
  return {
    name: 'portal:preload-public-routes',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = chunks.find((chunk) => chunk.isEntry);
        const loaded = new Set<string>();
        const visit = (fileName: string) => {
          if (loaded.has(fileName)) return;
          loaded.add(fileName);
          for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
        };
        if (entry) visit(entry.fileName);
        const already = new Set(loaded);
        for (const chunk of chunks) if (chunk.facadeModuleId && PUBLIC_ROUTE_CHUNK.test(chunk.facadeModuleId)) visit(chunk.fileName);
        return [...loaded]
          .filter((fileName) => !already.has(fileName))
          .map((fileName): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` }, injectTo: 'head' }));
      },
    },
  };
}

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), preloadPublicRoutes(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/trpc': apiTarget },
  },
  build: { sourcemap: false, chunkSizeWarningLimit: 800 },
  // The server build (src/ssr/entry-server.tsx) carries its dependencies: the API imports it as one file.
  ssr: { noExternal: true },
});
