// Taps made before the public pages are hydrated. The server-rendered page paints from its HTML long
// before its JavaScript arrives (on a phone, a second or more), and a tap on a plain button in that
// time would be lost. A tiny inline script at the top of the document (FIRST_TAP_SCRIPT, put into
// <head> by ssr/entry-server.tsx; allowed by the CSP through its hash, apps/api/src/web-pages.ts)
// listens for clicks on elements marked with `data-first-tap="<action>"` until the page is
// interactive (html[data-interactive], set by public-root.tsx) and queues the actions; the page takes
// the queue when it hydrates and does what was asked (landing-page.tsx opens the sign-in dialog).
// Links need none of this: the schedule buttons are real <a href> links.

/** The attribute naming an action to replay; its value is the action (`data-first-tap="login"` in JSX). */
export const FIRST_TAP_ATTRIBUTE = 'data-first-tap';

/** The global the inline script queues actions in. */
const QUEUE = '__portalFirstTaps';

/**
 * The inline script. Constant text: its CSP hash is the same for every page and build. Clicks are
 * caught in the capture phase on the document (registered before <body> exists), so nothing on the page
 * can swallow them first; once the page is interactive the script records nothing more.
 */
export const FIRST_TAP_SCRIPT =
  `(function(){var d=document,q=window.${QUEUE}=[];` +
  `d.addEventListener('click',function(e){if(d.documentElement.hasAttribute('data-interactive'))return;` +
  `var t=e.target,a=t&&t.closest?t.closest('[${FIRST_TAP_ATTRIBUTE}]'):null;` +
  `if(a)q.push(a.getAttribute('${FIRST_TAP_ATTRIBUTE}'))},true)})()`;

/**
 * The last action tapped before hydration, removed from the queue (so it is replayed once), or
 * undefined (no tap, or a page without the script: the SPA, tests).
 */
export function takeFirstTap(): string | undefined {
  const queue = (window as unknown as Record<string, unknown>)[QUEUE];
  if (!Array.isArray(queue) || queue.length === 0) return undefined;
  const last: unknown = queue[queue.length - 1];
  queue.length = 0;
  return typeof last === 'string' ? last : undefined;
}
