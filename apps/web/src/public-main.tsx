// The entry of the server-rendered public pages (`/` prerendered, `/r/{code}` per request; the
// template is public.html): hydrates them with the lean tree of public-root.tsx. A visitor with a
// stored token gets the SPA instead (it renders afresh, as the signed-in screens do), and a sign-in
// from the landing page hands the same root over to the SPA.

import './styles/mantine.css';
import { AUTH_TOKEN_KEY } from '@portal/contracts/plain';
import { defaultParseSearch } from '@tanstack/react-router';
import { startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { SSR_DATA_ELEMENT, type SsrData } from './ssr/ssr-data';

function storedToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

/**
 * Resolves in a new task. The page is already painted from the HTML; what follows is JavaScript a
 * phone runs slowly (React DOM, then Mantine and the page, then hydration, which React time-slices
 * as a transition). Evaluated in one go that is one long task blocking the first tap; a task each keeps every
 * part short (Total Blocking Time). The modules are preloaded, so the split costs no round trip.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const startSpa = (root?: Root) => import('./spa').then((spa) => spa.startSpa(root));

async function start() {
  const container = document.getElementById('root') as HTMLElement;
  const dataText = document.getElementById(SSR_DATA_ELEMENT)?.textContent;
  const data = dataText ? (JSON.parse(dataText) as SsrData) : undefined;
  if (!container.dataset.ssr || !data || storedToken()) return startSpa();
  await nextTask();
  const { hydrateRoot } = await import('react-dom/client');
  await nextTask();
  const { PublicRoot, publicPageOf } = await import('./public-root');
  const page = publicPageOf(window.location.pathname, defaultParseSearch(window.location.search));
  if (!page) return startSpa();
  await nextTask();
  let root: Root | undefined = undefined;
  let handedOver = false;
  const onSignedIn = () => {
    if (handedOver) return;
    handedOver = true;
    void startSpa(root);
  };
  // As a transition, hydration is time-sliced: React yields to the browser every few milliseconds instead
  // of hydrating the whole page in one task (a default-priority render is never sliced).
  startTransition(() => {
    root = hydrateRoot(container, <PublicRoot page={page} data={data} onSignedIn={onSignedIn} />);
  });
}

void start();
