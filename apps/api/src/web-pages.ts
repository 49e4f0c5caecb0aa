// The public pages as HTML with their content in it: `/` prerendered at build time
// (apps/web/dist/landing.html) and `/r/{code}` (and `/partners/{code}`) rendered here per request
// with the web build's server entry (apps/web/dist-ssr/entry-server.js), then hydrated in the
// browser. Signed-in screens keep getting the SPA's shell (index.html).

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from './deps';
import { DomainError } from './services/platform';
import { referralLink } from './services/referrals';

/** What apps/web/src/ssr/entry-server.tsx exports (the file is built JavaScript, not part of this program). */
interface SsrEntry {
  prepareTemplate(indexHtml: string, readAsset: (path: string) => string): string;
  renderDocument(
    template: string,
    url: string,
    data: {
      schedulingUrl?: string;
      referral?: { code: string; companyName: string; referralCode: string };
      unknownReferralCode?: boolean;
    },
  ): Promise<string>;
  referralCodeOf(pathCode: string, query: Record<string, unknown>): string;
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g;

/** The CSP source list entries ('sha256-…') of the document's inline scripts (Mantine's colour-scheme script). */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

/** Helmet's policy with the inline scripts' hashes allowed (script-src stays 'self' plus exactly these). */
function withScriptHashes(reply: FastifyReply, hashes: string[]) {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy !== 'string' || hashes.length === 0) return;
  reply.header(
    'content-security-policy',
    policy.replace(/script-src ([^;]*)/, (_all, sources: string) => `script-src ${sources} ${hashes.join(' ')}`),
  );
}

function ssrEntryPath(webDist: string): string {
  return join(webDist, '..', 'dist-ssr', 'entry-server.js');
}

/**
 * Registers GET `/`, `/r/:code` and `/partners/:code` when the web build has its prerendered landing
 * page and server entry; without them (an old build, tests without a web build) the SPA's shell
 * answers as before.
 */
export async function registerWebPages(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { webDist, schedulingUrl } = deps.config;
  const landingFile = join(webDist, 'landing.html');
  const entryFile = ssrEntryPath(webDist);
  if (!existsSync(landingFile) || !existsSync(entryFile)) return;

  const landingHashes = inlineScriptHashes(readFileSync(landingFile, 'utf8'));
  app.get('/', async (_req, reply) => {
    withScriptHashes(reply, landingHashes);
    return reply.header('Cache-Control', 'no-cache').sendFile('landing.html', webDist, { cacheControl: false });
  });

  const entry = (await import(pathToFileURL(entryFile).href)) as SsrEntry;
  // public.html: the public pages' template with their own, smaller entry (index.html in older builds).
  const templateFile = existsSync(join(webDist, 'public.html')) ? 'public.html' : 'index.html';
  const template = entry.prepareTemplate(readFileSync(join(webDist, templateFile), 'utf8'), (path) =>
    readFileSync(join(webDist, path), 'utf8'),
  );
  let hashes: string[] | null = null;

  const referralPage = async (req: FastifyRequest<{ Params: { code: string } }>, reply: FastifyReply) => {
    const code = entry.referralCodeOf(req.params.code, req.query as Record<string, unknown>);
    let referral: { code: string; companyName: string; referralCode: string } | undefined;
    let unknownReferralCode = false;
    try {
      // The same look-up as public.referralLink, with its limit: the page names the partner just as that call does.
      const link = await referralLink(deps, { code, ip: req.ip });
      if (link) referral = { code, ...link };
      // Only a code found to be no active partner's is said to be unknown.
      else unknownReferralCode = true;
    } catch (error) {
      // Too many look-ups: the page without a referrer, as in the browser.
      if (!(error instanceof DomainError)) throw error;
    }
    const html = await entry.renderDocument(template, req.url, {
      schedulingUrl,
      referral,
      ...(unknownReferralCode ? { unknownReferralCode } : {}),
    });
    hashes ??= inlineScriptHashes(html);
    withScriptHashes(reply, hashes);
    return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
  };
  // Compressed as the static files are (`/` is served pre-compressed): the document is ~180 KB of HTML and
  // inline CSS, ~25 KB with brotli, and on a phone's connection those bytes are the first paint.
  await app.register(async (scope) => {
    await scope.register(compress, {
      encodings: ['br', 'gzip'],
      globalDecompression: false,
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
    });
    scope.get('/r/:code', referralPage);
    scope.get('/partners/:code', referralPage);
  });
}
