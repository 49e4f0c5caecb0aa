// The public pages' lean tree (public-root.tsx) — the address it stands for, the server's
// HTML hydrated by the same tree without a mismatch, and the visit recorded once with the campaign.

import { act, screen } from '@testing-library/react';
import { defaultParseSearch } from '@tanstack/react-router';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublicRoot, publicPageOf } from '../src/public-root';
import { render } from '../src/ssr/entry-server';

const pageOf = (address: string) => {
  const url = new URL(address, 'http://localhost');
  return publicPageOf(url.pathname, defaultParseSearch(url.search));
};

describe('publicPageOf', () => {
  it('reads the landing page, its ?signin=1, and the referral pages with their code and campaign', () => {
    expect(pageOf('/')).toEqual({ kind: 'landing', openSignIn: false });
    expect(pageOf('/?signin=1')).toEqual({ kind: 'landing', openSignIn: true });
    expect(pageOf('/r/ACME%20X?utm_campaign=123&utm_source=%20news%20&other=1')).toEqual({
      kind: 'referral',
      code: 'ACME X',
      search: { utm_campaign: '123', utm_source: 'news' },
    });
    expect(pageOf('/partners/ACME?ref=OTHER')).toEqual({ kind: 'referral', code: 'ACME', search: { ref: 'OTHER' } });
    expect(pageOf('/admin')).toBeNull();
    expect(pageOf('/r/')).toBeNull();
  });
});

describe('the lean public tree', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('hydrates the server-rendered referral page without a mismatch and records the visit once', async () => {
    const data = {
      schedulingUrl: 'https://book.example.com/call',
      referral: { code: 'ACME-1', companyName: 'Acme <b>&</b> Sons', referralCode: 'ACME-1' },
    };
    const address = '/r/ACME-1?utm_source=news&utm_campaign=Spring';
    const { html } = await render(address, data);
    expect(html).toContain('Acme &lt;b&gt;&amp;&lt;/b&gt; Sons recommends');
    expect(html).toContain('Referred by Spring');

    window.history.replaceState(null, '', address);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const fetchSpy = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response('{}', { status: 200 })));
    vi.stubGlobal('fetch', fetchSpy);
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const page = pageOf(address);
    if (!page) throw new Error('not a public page');
    await act(async () => {
      root = hydrateRoot(container, <PublicRoot page={page} data={data} />, { onRecoverableError: recoverable });
    });

    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(container.textContent).toContain('Referred by Acme <b>&</b> Sons · Referral code: ACME-1');
    expect(document.documentElement.dataset.interactive).toBe('true');
    const visits = fetchSpy.mock.calls.filter(([url]) => url === '/trpc/public.recordVisit');
    expect(visits).toHaveLength(1);
    expect(visits[0]?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(visits[0]?.[1]?.body))).toEqual({
      referralCode: 'ACME-1',
      utmSource: 'news',
      utmCampaign: 'Spring',
      landingPage: '/r/ACME-1',
    });
  });

  it('renders an unknown code without a referrer', async () => {
    const { html } = await render('/r/NOPE', { schedulingUrl: 'https://book.example.com/call' });
    expect(html).toContain('Referral code: <b>NOPE</b>');
    expect(html).not.toContain('Referred by <b>');
  });

  it('hydrates the landing page without a mismatch', async () => {
    const { html } = await render('/', {});
    window.history.replaceState(null, '', '/');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    await act(async () => {
      root = hydrateRoot(container, <PublicRoot page={{ kind: 'landing', openSignIn: false }} data={{}} />, {
        onRecoverableError: recoverable,
      });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('[data-testid="toast-region"]')).not.toBeNull();
    expect(container.textContent).toContain('Earn recurring commissions');
  });

  it('opens the sign-in dialog on /?signin=1 (the prerendered page has it closed)', async () => {
    const { html } = await render('/', {});
    window.history.replaceState(null, '', '/?signin=1');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      root = hydrateRoot(container, <PublicRoot page={{ kind: 'landing', openSignIn: true }} data={{}} />, {
        onRecoverableError: () => undefined,
      });
    });
    expect(await screen.findByRole('dialog', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByLabelText(/Email/)).toBeTruthy();
  });
});
