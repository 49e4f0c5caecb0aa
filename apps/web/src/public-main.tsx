// The entry of the server-rendered public pages (`/` prerendered, `/r/{code}` per request; the
// template is public.html): hydrates them with the lean tree of public-root.tsx. A visitor with a
// stored token gets the SPA instead (it renders afresh, as the signed-in screens do), and a sign-in
// from the landing page hands the same root over to the SPA.

import './styles/mantine.css';
import { AUTH_TOKEN_KEY } from '@portal/contracts/plain';
import { defaultParseSearch } from '@tanstack/react-router';
import { hydrateRoot, type Root } from 'react-dom/client';
import { PublicRoot, publicPageOf } from './public-root';
import { SSR_DATA_ELEMENT, type SsrData } from './ssr/ssr-data';

function storedToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

const container = document.getElementById('root') as HTMLElement;
const dataText = document.getElementById(SSR_DATA_ELEMENT)?.textContent;
const data = dataText ? (JSON.parse(dataText) as SsrData) : undefined;
const page = publicPageOf(window.location.pathname, defaultParseSearch(window.location.search));

const startSpa = (root?: Root) => import('./spa').then((spa) => spa.startSpa(root));

if (container.dataset.ssr && data && page && !storedToken()) {
  let root: Root | undefined = undefined;
  let handedOver = false;
  const onSignedIn = () => {
    if (handedOver) return;
    handedOver = true;
    void startSpa(root);
  };
  root = hydrateRoot(container, <PublicRoot page={page} data={data} onSignedIn={onSignedIn} />);
} else {
  void startSpa();
}
