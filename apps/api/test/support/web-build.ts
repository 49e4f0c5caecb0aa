// A stand-in for the web build the API serves its public pages from: the prerendered landing page, the
// template with one stylesheet and an inline script, and a server entry that renders the data it is given
// as JSON, so a test sees exactly what the API passed.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FAKE_ENTRY = `
export function prepareTemplate(html, readAsset) { return html.replace('<link rel="stylesheet" href="/assets/app.css">', '<style>' + readAsset('assets/app.css') + '</style>'); }
export function referralCodeOf(code, query) { return typeof query.ref === 'string' && query.ref.trim() ? query.ref.trim() : code; }
export async function renderDocument(template, url, data) { return template.replace('<div id="root"></div>', '<div id="root" data-ssr="1">' + JSON.stringify({ url, data }).replace(/</g, '\\\\u003c') + '</div>'); }
`;
// A body past the compression threshold (1 KB), as every real page is.
const INDEX = `<!doctype html><html><head><link rel="stylesheet" href="/assets/app.css"><script>document.documentElement.dataset.x="1"</script></head><body><div id="root"></div><p hidden>${'Refer a client. '.repeat(200)}</p></body></html>`;

/** Writes the stand-in build under `root` (root/web and root/dist-ssr) and returns its WEB_DIST. */
export function writeFakeWebBuild(root: string): string {
  const webDist = join(root, 'web');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  mkdirSync(join(root, 'dist-ssr'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), INDEX);
  writeFileSync(join(webDist, 'assets', 'app.css'), 'body{margin:0}');
  writeFileSync(
    join(webDist, 'landing.html'),
    '<!doctype html><script>var landing=1</script><div id="root" data-ssr="1">Earn recurring commissions</div>',
  );
  writeFileSync(join(root, 'dist-ssr', 'entry-server.js'), FAKE_ENTRY);
  return webDist;
}
