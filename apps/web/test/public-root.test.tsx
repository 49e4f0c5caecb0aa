// The public pages' lean tree (public-root.tsx) — the address it stands for, the server's
// HTML hydrated by the same tree without a mismatch, and the visit recorded once with the campaign.

import { act, fireEvent, screen } from '@testing-library/react';
import { defaultParseSearch } from '@tanstack/react-router';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_TAP_SCRIPT, takeFirstTap } from '../src/lib/first-tap';
import { PublicRoot, publicPageOf } from '../src/public-root';
import { render } from '../src/ssr/entry-server';
import type { SsrData } from '../src/ssr/ssr-data';

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

  /** The server's HTML on the page, as a browser shows it before any JavaScript. */
  function showServerHtml(html: string) {
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    return container;
  }

  /** Hydrates the page with the public tree of `address`; returns the spy on React's recoverable errors (a mismatch). */
  async function hydrate(container: HTMLElement, address: string, data: SsrData) {
    window.history.replaceState(null, '', address);
    const page = pageOf(address);
    if (!page) throw new Error('not a public page');
    const recoverable = vi.fn();
    await act(async () => {
      root = hydrateRoot(container, <PublicRoot page={page} data={data} />, { onRecoverableError: recoverable });
    });
    return recoverable;
  }

  it('hydrates the server-rendered referral page without a mismatch and records the visit once', async () => {
    const data = {
      schedulingUrl: 'https://book.example.com/call',
      referral: { code: 'ACME-1', companyName: 'Acme <b>&</b> Sons', referralCode: 'ACME-1' },
    };
    const address = '/r/ACME-1?utm_source=news&utm_campaign=Spring';
    const { html } = await render(address, data);
    expect(html).toContain('Acme &lt;b&gt;&amp;&lt;/b&gt; Sons recommends');
    expect(html).toContain('Referred by Spring');

    const container = showServerHtml(html);
    const fetchSpy = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response('{}', { status: 200 })));
    vi.stubGlobal('fetch', fetchSpy);
    const errors = vi.spyOn(console, 'error');
    const recoverable = await hydrate(container, address, data);

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
    const container = showServerHtml((await render('/', {})).html);
    const errors = vi.spyOn(console, 'error');
    const recoverable = await hydrate(container, '/', {});
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('[data-testid="toast-region"]')).not.toBeNull();
    expect(container.textContent).toContain('Earn recurring commissions');
  });

  it('writes "program" in US English on the landing page, text and labels alike', async () => {
    const { html } = await render('/', {});
    expect(html).toContain('For our team running the partner program.');
    expect(html).toContain('aria-label="Program highlights"');
    expect(html).not.toMatch(/programme/i);
  });

  it('opens the sign-in dialog on /?signin=1 (the prerendered page has it closed)', async () => {
    const container = showServerHtml((await render('/', {})).html);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await hydrate(container, '/?signin=1', {});
    expect(await screen.findByRole('dialog', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByLabelText(/Email/)).toBeTruthy();
  });

  it('puts real schedule links in the server HTML; once hydrated, selecting a card retargets the main one', async () => {
    const data = { schedulingUrl: 'https://book.example.com/call' };
    const address = '/r/ACME-1?utm_source=news&utm_campaign=Spring';
    const container = showServerHtml((await render(address, data)).html);
    const link = (name: RegExp) => screen.getByRole('link', { name });
    const query = (name: RegExp) => Object.fromEntries(new URL(link(name).getAttribute('href') ?? '').searchParams);
    // Before any JavaScript: links with the whole query, opening a new tab.
    const main = link(/Schedule Free Consultation/);
    expect(main.getAttribute('target')).toBe('_blank');
    expect(main.getAttribute('rel')).toBe('noopener noreferrer');
    expect(main.getAttribute('href')?.startsWith('https://book.example.com/call?')).toBe(true);
    const campaign = { utm_source: 'news', utm_campaign: 'Spring', utm_content: 'ACME-1' };
    expect(query(/Schedule Free Consultation/)).toEqual({ ref: 'ACME-1', service: 'general', ...campaign });
    const cards = screen.getAllByRole('link', { name: /^Schedule Consultation$/ });
    expect(cards.map((card) => new URL(card.getAttribute('href') ?? '').searchParams.get('service'))).toEqual([
      'basic',
      'cfo',
    ]);

    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{}', { status: 200 })));
    const recoverable = await hydrate(container, address, data);
    expect(recoverable).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('select-cfo'));
    expect(query(/Schedule Free Consultation/)).toEqual({
      ref: 'ACME-1',
      service: 'cfo',
      ...campaign,
      utm_term: 'cfo',
    });
    fireEvent.click(screen.getByTestId('select-cfo'));
    expect(query(/Schedule Free Consultation/).service).toBe('general');
    // Following a card's link selects its card (the link itself opens the address).
    const basic = screen.getAllByRole('link', { name: /^Schedule Consultation$/ })[0] as HTMLElement;
    basic.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(basic);
    expect(screen.getByTestId('service-basic').getAttribute('data-selected')).toBe('true');
    expect(query(/Schedule Free Consultation/).service).toBe('basic');
  });

  it("keeps the service cards' pictures (the service's icon, the ticks, the star, the calendar) out of what a screen reader reads", async () => {
    showServerHtml((await render('/r/ACME-1', {})).html);
    for (const service of ['basic', 'cfo']) {
      const pictures = [...screen.getByTestId(`service-${service}`).querySelectorAll('svg')];
      expect(pictures.length).toBeGreaterThan(2);
      expect(pictures.filter((svg) => !svg.closest('[aria-hidden="true"]'))).toEqual([]);
    }
  });

  it('without a scheduling address the schedule buttons are disabled buttons, not links', async () => {
    showServerHtml((await render('/r/ACME-1', {})).html);
    expect(screen.queryAllByRole('link', { name: /Schedule/ })).toEqual([]);
    const buttons = screen.getAllByRole<HTMLButtonElement>('button', { name: /Schedule/ });
    expect(buttons.map((button) => button.disabled)).toEqual([true, true, true]);
  });

  it('records a tap on "Create Partner Account" made before hydration and opens that dialog once hydrated', async () => {
    const { html, head } = await render('/', {});
    expect(head).toContain(`<script>${FIRST_TAP_SCRIPT}</script>`);
    delete document.documentElement.dataset.interactive;
    // The inline script runs first (in <head>), then the server's HTML arrives and is tapped.
    new Function(FIRST_TAP_SCRIPT)();
    const container = showServerHtml(html);
    fireEvent.click(screen.getByRole('button', { name: 'Create Partner Account' }));
    // A click elsewhere is not an action.
    fireEvent.click(screen.getByText('Earn recurring commissions for every business you refer'));

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await hydrate(container, '/', {});
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(dialog.textContent).toContain('Create Account');
    // Replayed once; once interactive, the script records nothing more (the app handles the clicks).
    expect(takeFirstTap()).toBeUndefined();
    expect(document.documentElement.dataset.interactive).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In', hidden: true }));
    expect(takeFirstTap()).toBeUndefined();
  });
});
