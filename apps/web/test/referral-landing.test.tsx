// The referral landing page's own behaviour: a service card looks chosen only when it is chosen, and a
// visit is recorded only for a code that may be a partner's.

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublicReferralLanding } from '../src/features/referral/public-referral-landing';
import { ReferralLanding } from '../src/features/referral/referral-landing';
import { ReferralLandingView } from '../src/features/referral/referral-landing-view';
import { renderWithProviders } from './render';
import { ProcedureError, serveTrpc } from './trpc-server';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const SCHEDULING_URL = 'https://book.example.com/call';

/** How a card shows its choice: its border, and its schedule button filled or plain. */
function looksChosen(service: 'basic' | 'cfo') {
  const card = screen.getByTestId(`service-${service}`);
  const button = card.querySelector('a, button:not([data-testid])');
  return {
    pressed: screen.getByTestId(`select-${service}`).getAttribute('aria-pressed'),
    border: card.style.borderColor || 'none',
    button: button?.getAttribute('data-variant'),
  };
}

const PLAIN = { pressed: 'false', border: 'none', button: 'default' };
const CHOSEN = { pressed: 'true', border: 'var(--mantine-color-blue-6)', button: 'filled' };

describe('the service cards', () => {
  it('look chosen only when chosen: "Most Popular" is a badge, not a selection', () => {
    renderWithProviders(
      <ReferralLandingView code="ACME-1" search={{}} referrer="Acme" schedulingUrl={SCHEDULING_URL} />,
    );
    expect(screen.getByTestId('service-cfo').textContent).toContain('Most Popular');
    expect(looksChosen('basic')).toEqual(PLAIN);
    expect(looksChosen('cfo')).toEqual(PLAIN);

    fireEvent.click(screen.getByTestId('select-basic'));
    expect(looksChosen('basic')).toEqual(CHOSEN);
    expect(looksChosen('cfo')).toEqual(PLAIN);

    fireEvent.click(screen.getByTestId('select-cfo'));
    expect(looksChosen('basic')).toEqual(PLAIN);
    expect(looksChosen('cfo')).toEqual(CHOSEN);
  });

  it('look the same without a scheduling address (disabled buttons)', () => {
    renderWithProviders(<ReferralLandingView code="ACME-1" search={{}} referrer="Acme" schedulingUrl={undefined} />);
    expect(looksChosen('cfo')).toEqual(PLAIN);
    fireEvent.click(screen.getByTestId('select-basic'));
    expect(looksChosen('basic')).toEqual(CHOSEN);
    expect(looksChosen('cfo')).toEqual(PLAIN);
  });
});

describe('the visit of a referral link', () => {
  /** Every request the page sends, by address. */
  function watchFetch() {
    const fetchSpy = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response('{}', { status: 200 })));
    vi.stubGlobal('fetch', fetchSpy);
    return () => fetchSpy.mock.calls.map(([url]) => String(url));
  }

  /** The server-rendered page of `code`, at its address, with what the server found; answers its requests. */
  function renderServerRendered(code: string, data: Parameters<typeof PublicReferralLanding>[0]['data']) {
    const requests = watchFetch();
    window.history.replaceState(null, '', `/r/${code}`);
    renderWithProviders(<PublicReferralLanding code={code} search={{}} data={data} />);
    return requests;
  }

  it('is not recorded on the server-rendered page of a code the server found to be no partner’s', async () => {
    const requests = renderServerRendered('NOPE-1234', { schedulingUrl: SCHEDULING_URL, unknownReferralCode: true });
    expect(screen.getByTestId('referral-footer').textContent).toContain('is not an active partner’s code');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests()).toEqual([]);
  });

  it('is recorded once on the server-rendered page of a partner’s code', async () => {
    const requests = renderServerRendered('ACME-1', {
      schedulingUrl: SCHEDULING_URL,
      referral: { code: 'ACME-1', companyName: 'Acme', referralCode: 'ACME-1' },
    });
    await waitFor(() => expect(requests()).toEqual(['/trpc/public.recordVisit']));
  });

  it('waits in the app for the code’s look-up and records nothing for an unknown code', async () => {
    const api = serveTrpc({
      'public.siteConfig': () => ({ schedulingUrl: SCHEDULING_URL }),
      'public.referralLink': () => null,
      'public.recordVisit': () => ({ recorded: true }),
    });
    renderWithProviders(<ReferralLanding code="NOPE-1234" search={{}} />);
    expect(await screen.findByText(/is not an active partner’s code/)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls.map((call) => call.path)).not.toContain('public.recordVisit');
  });

  it('calls no code unknown when its look-up fails for another reason (too many look-ups)', async () => {
    const api = serveTrpc({
      'public.siteConfig': () => ({ schedulingUrl: SCHEDULING_URL }),
      'public.referralLink': () => new ProcedureError(429, 'TOO_MANY_REQUESTS', 'Too many requests'),
      'public.recordVisit': () => ({ recorded: true }),
    });
    window.history.replaceState(null, '', '/r/ACME-1');
    renderWithProviders(<ReferralLanding code="ACME-1" search={{}} />);
    await waitFor(() => expect(api.calls.map((call) => call.path)).toContain('public.recordVisit'));
    expect(screen.getByTestId('referral-footer').textContent).toBe('Referral code: ACME-1');
  });

  it('records the visit in the app once the look-up has found the partner', async () => {
    const api = serveTrpc({
      'public.siteConfig': () => ({ schedulingUrl: SCHEDULING_URL }),
      'public.referralLink': () => ({ companyName: 'Acme', referralCode: 'ACME-1' }),
      'public.recordVisit': () => ({ recorded: true }),
    });
    window.history.replaceState(null, '', '/r/ACME-1');
    renderWithProviders(<ReferralLanding code="ACME-1" search={{ utm_campaign: 'Spring' }} />);
    await waitFor(() =>
      expect(api.inputs('public.recordVisit')).toEqual([
        { referralCode: 'ACME-1', utmCampaign: 'Spring', landingPage: '/r/ACME-1' },
      ]),
    );
  });
});
