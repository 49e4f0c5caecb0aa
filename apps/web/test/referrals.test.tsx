import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROGRAM_TERMS_MESSAGES, REFERRAL_MESSAGES, todayIsoDate } from '@portal/contracts';
import { AddClientDialog, AddClientForm, toAddClientPayload } from '../src/features/admin/pipeline/add-client-dialog';
import {
  NewReferralDialog,
  NewReferralForm,
  toCreateReferralPayload,
  emptyReferral,
} from '../src/features/partner/new-referral-dialog';
import { ReferralCard } from '../src/features/partner/referrals-tab';
import { SettingsTab } from '../src/features/partner/settings-tab';
import { SummaryCards } from '../src/features/partner/summary-cards';
import { referralLinkFor } from '../src/features/partner/referral-link-card';
import { schedulingLink } from '../src/features/referral/referral-landing';
import { renderInRouter, renderWithProviders } from './render';
import { aPage, aPartnerMetrics, aPartnerProfile, aReferral } from './fixtures';
import { ProcedureError, serveTrpc } from './trpc-server';

afterEach(() => vi.unstubAllGlobals());

/** A won client as its partner's list answers it. */
const wonReferral = aReferral({
  id: 'w1',
  partnerId: 'p',
  clientCompanyName: 'Paying Co',
  monthlyValue: '1800.00',
  stage: 'won',
  contractStartDate: '2026-08-01',
  referralSource: 'partner',
  createdAt: '2026-07-04T12:00:00.000Z',
  updatedAt: '2026-08-01T12:00:00.000Z',
  termsVersion: 1,
  acceptedAt: '2026-07-04T12:00:00.000Z',
  qualifiesBy: '2026-09-02',
  annualSales: '2400000.00',
  signedAt: '2026-08-01',
  qualifying: true,
});

describe('New Referral form', () => {
  /** Renders the form and answers its submit spy. */
  function renderNewReferralForm() {
    const onSubmit = vi.fn();
    renderWithProviders(<NewReferralForm onSubmit={onSubmit} onCancel={() => {}} submitting={false} />);
    return onSubmit;
  }

  it('shows the spec messages and does not submit without a company and a monthly value', async () => {
    const onSubmit = renderNewReferralForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create Referral' }));
    expect(await screen.findByText('Company name is required')).toBeTruthy();
    expect(screen.getByText('Monthly value is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a monthly value below 1', async () => {
    const onSubmit = renderNewReferralForm();
    await userEvent.type(screen.getByLabelText(/Client Company Name/), 'Store');
    await userEvent.type(screen.getByLabelText(/Monthly Value/), '0.5');
    fireEvent.click(screen.getByRole('button', { name: 'Create Referral' }));
    expect(await screen.findByText('Monthly value is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the values with basic accounting as the default service', async () => {
    const onSubmit = renderNewReferralForm();
    expect(screen.getByDisplayValue('Basic Accounting $50/month')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Client Company Name/), 'Store Inc');
    await userEvent.type(screen.getByLabelText(/Monthly Value/), '2500');
    fireEvent.click(screen.getByRole('button', { name: 'Create Referral' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      clientCompanyName: 'Store Inc',
      monthlyValue: '2500',
      serviceType: 'basic_accounting',
    });
  });

  it('sends monthlyValue as a string and the consultation date as an ISO string or null', () => {
    expect(toCreateReferralPayload({ ...emptyReferral, clientCompanyName: 'A', monthlyValue: ' 99.5 ' })).toMatchObject(
      { monthlyValue: '99.5', consultationDate: null },
    );
    expect(toCreateReferralPayload({ ...emptyReferral, consultationDate: '2026-11-30' }).consultationDate).toBe(
      '2026-11-30T00:00:00.000Z',
    );
  });
});

describe('New Referral dialog', () => {
  afterEach(() => act(() => notifications.clean()));

  /**
   * Creates a referral for Tidepool Apparel through the dialog, the server answering the created referral with
   * `answer`'s fields, or refusing it with `answer`.
   */
  async function createTidepool(answer: Partial<Parameters<typeof aReferral>[0]> | ProcedureError) {
    serveTrpc({
      'partner.createReferral': () =>
        answer instanceof ProcedureError ? answer : aReferral({ clientCompanyName: 'Tidepool Apparel', ...answer }),
      'public.programTerms': () => null,
    });
    renderWithProviders(<NewReferralDialog opened onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText(/Client Company Name/), 'Tidepool Apparel');
    await userEvent.type(screen.getByLabelText(/Monthly Value/), '2500');
    fireEvent.click(screen.getByRole('button', { name: 'Create Referral' }));
  }

  it('says in the toast that another partner introduced the client and an admin decides who it belongs to', async () => {
    await createTidepool({ clientAlreadyIntroduced: true });
    expect(await screen.findByText(/Another partner already introduced Tidepool Apparel\./)).toBeTruthy();
    expect(screen.getByText(/An admin will decide which partner the client belongs to/)).toBeTruthy();
    expect(screen.queryByText(/has been added to your referrals/)).toBeNull();
  });

  it('says a client nobody introduced before has been added', async () => {
    await createTidepool({ clientAlreadyIntroduced: false });
    expect(await screen.findByText('Tidepool Apparel has been added to your referrals.')).toBeTruthy();
    expect(screen.queryByText(/Another partner/)).toBeNull();
  });

  it('says why a client the partner already referred is refused, instead of "please try again"', async () => {
    await createTidepool(new ProcedureError(409, 'CONFLICT', REFERRAL_MESSAGES.clientAlreadyReferred));
    expect(await screen.findByText(REFERRAL_MESSAGES.clientAlreadyReferred)).toBeTruthy();
    expect(screen.queryByText('Failed to create referral. Please try again.')).toBeNull();
  });
});

/** The one active affiliate the Add Client dialog offers in these tests. */
const ACTIVE_AFFILIATE = {
  id: '22222222-2222-4222-8222-222222222222',
  companyName: 'Northwind Advisors',
  status: 'active',
};

/** Opens Add Client and fills its required fields: the affiliate, Gamma Goods, $500 a month. */
async function fillAddClient() {
  renderWithProviders(<AddClientDialog opened onClose={() => {}} />);
  await userEvent.click(await screen.findByRole('combobox', { name: /Affiliate/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'Northwind Advisors', hidden: true }));
  fireEvent.change(screen.getByRole('textbox', { name: /Client Company Name/ }), { target: { value: 'Gamma Goods' } });
  fireEvent.change(screen.getByRole('textbox', { name: /Monthly Value/ }), { target: { value: '500' } });
}

describe('Add Client form', () => {
  /** Renders the form with no partner yet loaded for the affiliate field and answers its submit spy. */
  function renderAddClientForm() {
    const onSubmit = vi.fn();
    serveTrpc({ 'admin.partners': () => aPage([]) });
    renderWithProviders(
      <AddClientForm noPartners={false} onSubmit={onSubmit} onCancel={() => {}} submitting={false} />,
    );
    return onSubmit;
  }

  it("says 'No active partners available' and cannot submit without partners", () => {
    renderWithProviders(<AddClientForm noPartners onSubmit={vi.fn()} onCancel={() => {}} submitting={false} />);
    expect(screen.getByText('No active partners available')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add Client' }).disabled).toBe(true);
  });

  it('asks for an affiliate, a company and a monthly value', async () => {
    const onSubmit = renderAddClientForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add Client' }));
    expect(await screen.findByText('Please select an affiliate')).toBeTruthy();
    expect(screen.getByText('Company name is required')).toBeTruthy();
    expect(screen.getByText('Monthly value is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses an acceptance day after today on the Accepted On field and sends nothing', async () => {
    const onSubmit = renderAddClientForm();
    const accepted = screen.getByLabelText(/Accepted On/);
    expect(accepted.getAttribute('max')).toBe(todayIsoDate());
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    fireEvent.change(accepted, { target: { value: tomorrow } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Client' }));
    expect(await screen.findByText(PROGRAM_TERMS_MESSAGES.acceptedInFuture)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of the acceptance day on the Accepted On field, not in a toast", async () => {
    const api = serveTrpc({
      'admin.partners': () => aPage([ACTIVE_AFFILIATE]),
      'admin.addClient': () => new ProcedureError(400, 'BAD_REQUEST', PROGRAM_TERMS_MESSAGES.acceptedInFuture),
    });
    await fillAddClient();
    fireEvent.change(screen.getByLabelText(/Accepted On/), { target: { value: todayIsoDate() } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Client' }));

    expect(await screen.findByText(PROGRAM_TERMS_MESSAGES.acceptedInFuture)).toBeTruthy();
    expect(api.inputs('admin.addClient')).toHaveLength(1);
    expect(screen.queryByText('Failed to add client')).toBeNull();
  });

  it('says in the toast when the client was introduced by another partner first', async () => {
    serveTrpc({
      'admin.partners': () => aPage([ACTIVE_AFFILIATE]),
      'admin.addClient': () =>
        aReferral({
          clientCompanyName: 'Gamma Goods',
          partnerCompanyName: 'Northwind Advisors',
          conflictOf: '33333333-3333-4333-8333-333333333333',
        }),
    });
    await fillAddClient();
    fireEvent.click(screen.getByRole('button', { name: 'Add Client' }));
    expect(
      await screen.findByText(
        'Gamma Goods was added to Northwind Advisors, but another partner introduced this client first: settle who it belongs to on the Conflicts screen.',
      ),
    ).toBeTruthy();
  });

  it('sends the monthly value as a number and omits empty dates', () => {
    const payload = toAddClientPayload({
      partnerId: 'p',
      clientCompanyName: 'C',
      clientEmail: '',
      clientPhone: '',
      serviceType: 'controller',
      monthlyValue: '1200.50',
      consultationDate: '',
      contractStartDate: '2026-01-01',
      contractEndDate: '',
      notes: '',
      acceptedAt: '2025-12-01',
      annualSales: '',
    });
    expect(payload).toMatchObject({ monthlyValue: 1200.5, contractStartDate: '2026-01-01', acceptedAt: '2025-12-01' });
    expect('consultationDate' in payload && payload.consultationDate !== undefined).toBe(false);
    expect(payload.contractEndDate).toBeUndefined();
    expect(payload.annualSales).toBeUndefined();
  });
});

describe('partner dashboard pieces', () => {
  /** The card of a referral with `fields`, the rest as `aReferral` has them. */
  function renderReferralCard(fields: Partial<Parameters<typeof aReferral>[0]>) {
    return renderWithProviders(<ReferralCard referral={aReferral(fields)} />);
  }

  it('shows money with two decimals and names the real month', () => {
    renderWithProviders(
      <SummaryCards
        metrics={aPartnerMetrics({
          totalEarnings: '1234.5',
          thisMonthEarnings: '150.00',
          activeReferralCount: 3,
          currentMonth: '2026-02',
        })}
      />,
    );
    expect(screen.getByText('$1,234.50')).toBeTruthy();
    expect(screen.getByText('$0.00')).toBeTruthy();
    expect(screen.getByText('February earnings')).toBeTruthy();
    expect(screen.getByText('Lifetime commission earnings')).toBeTruthy();
    expect(screen.getByText('Awaiting payment')).toBeTruthy();
    expect(screen.getByText('Generating monthly recurring commissions')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
  });

  it('names the fees whose payment failed under Pending, since they are still owed', () => {
    renderWithProviders(
      <SummaryCards metrics={aPartnerMetrics({ pendingCommissions: '100.00', failedCommissions: '50.00' })} />,
    );
    expect(
      screen.getByText('Awaiting payment, and $50.00 whose payment failed: check your payment details in Settings'),
    ).toBeTruthy();
  });

  it('shows a referral card with its stage, money, service, commission and notes', () => {
    renderReferralCard({
      id: '1',
      partnerId: 'p',
      clientCompanyName: 'Store Inc',
      clientEmail: 'owner@store.example',
      serviceType: 'controller',
      monthlyValue: '2500.00',
      commissionAmount: '100.00',
      stage: 'proposal',
      notes: 'Warm lead',
      referralSource: 'partner',
      createdAt: '2026-03-04T12:00:00.000Z',
      updatedAt: '2026-03-05T12:00:00.000Z',
    });
    for (const text of [
      'Store Inc',
      'owner@store.example',
      'Proposal',
      '$2,500.00',
      'Controller',
      '$100.00/month',
      'Warm lead',
      'Mar 4, 2026',
      'Mar 5, 2026',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.queryByTestId('paid-months')).toBeNull();
  });

  it('tells the partner why a lost deal was lost and when', () => {
    renderReferralCard({
      stage: 'lost',
      closeDate: '2026-10-24T15:00:00.000Z',
      lostReason: 'Chose a local firm',
    });
    expect(screen.getByTestId('lost-reason').textContent).toBe('Why it was lost: Chose a local firm');
    expect(screen.getByText('Lost on')).toBeTruthy();
    expect(screen.getByText('Oct 24, 2026')).toBeTruthy();
  });

  it("keeps the client's name and email whole and puts 'Client already introduced' on a row under them", () => {
    renderReferralCard({
      clientCompanyName: 'Tidepool Apparel Collective',
      clientEmail: 'ap@tidepool-apparel.example',
      clientAlreadyIntroduced: true,
    });
    const name = screen.getByTestId('referral-client');
    const email = screen.getByTestId('referral-email');
    expect(name.textContent).toBe('Tidepool Apparel Collective');
    expect(name.getAttribute('data-truncate')).toBeNull();
    expect(email.getAttribute('data-truncate')).toBeNull();
    const badge = screen.getByTestId('already-introduced');
    expect(screen.getByTestId('referral-flags').contains(badge)).toBe(true);
    // The header row holds the name and the stage only; the badge follows it.
    const header = name.closest('.mantine-Group-root');
    expect(header?.contains(badge)).toBe(false);
    expect(header?.textContent).toContain('Booked');
  });

  it('shows the consultation date the partner entered, as that day in any time zone', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      // That instant is still the evening before in Los Angeles.
      expect(new Date('2026-12-03T00:00:00.000Z').getDate()).toBe(2);
      renderReferralCard({ consultationDate: '2026-12-03T00:00:00.000Z', bookingProvider: null });
      expect(screen.getByText('Consultation').nextElementSibling?.textContent).toBe('Dec 3, 2026');
    } finally {
      process.env.TZ = zone;
    }
  });

  it('shows no consultation date on a referral without one', () => {
    renderReferralCard({ consultationDate: null });
    expect(screen.queryByText('Consultation')).toBeNull();
  });

  it('lists the months a won client paid for, by name', () => {
    renderWithProviders(<ReferralCard referral={wonReferral} paidMonths={['2026-09', '2026-10']} />);
    expect(screen.getByTestId('paid-months').textContent).toBe('Client paid for: September 2026, October 2026');
  });

  it("marks a won client that churned 'Churned' with its date, and a paying one not", () => {
    const { unmount } = renderWithProviders(
      <ReferralCard referral={{ ...wonReferral, churnDate: '2026-10-31' }} today="2026-11-26" />,
    );
    expect(screen.getByTestId('client-stopped').textContent).toBe('Churned');
    expect(screen.getByText('Oct 31, 2026')).toBeTruthy();
    unmount();
    renderWithProviders(<ReferralCard referral={{ ...wonReferral, churnDate: '2026-12-31' }} today="2026-11-26" />);
    expect(screen.queryByTestId('client-stopped')).toBeNull();
  });

  it("marks a won client whose contract ended 'Contract ended'", () => {
    renderWithProviders(
      <ReferralCard referral={{ ...wonReferral, contractEndDate: '2026-10-31' }} today="2026-11-26" />,
    );
    expect(screen.getByTestId('client-stopped').textContent).toBe('Contract ended');
  });

  it("shows 'Not provided' without a website and no Visit Website button", async () => {
    const partner = aPartnerProfile({
      id: 'p',
      status: 'active',
      companyName: 'Acme',
      contactName: 'Pat',
      companyType: 'marketing_agency',
      expectedVolume: null,
      referralCode: 'ACME-1234',
      applicationDate: null,
      agreementSignedAt: null,
      bankName: null,
      bankAccountType: null,
      bankAccountHolderName: null,
      bankRoutingNumberMasked: null,
      bankAccountNumberMasked: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const { unmount } = renderInRouter(<SettingsTab partner={partner} />);
    expect(await screen.findByText('Not provided')).toBeTruthy();
    expect(screen.getByText('Marketing Agency')).toBeTruthy();
    expect(screen.getByText('Wire Transfer')).toBeTruthy();
    expect(screen.queryByText('Visit Website')).toBeNull();
    unmount();
    renderInRouter(<SettingsTab partner={{ ...partner, website: 'https://acme.example' }} />);
    const link = await screen.findByRole('link', { name: /Visit Website/ });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('href')).toBe('https://acme.example');
  });

  it('builds the referral link from the origin and the code', () => {
    expect(referralLinkFor('https://portal.example', 'ACME-7K2Q')).toBe('https://portal.example/r/ACME-7K2Q');
  });
});

describe('schedulingLink', () => {
  it.each([
    ['general', {}, 'ref=ACME-1&service=general&utm_content=ACME-1'],
    [
      'basic',
      { utm_source: 'news', utm_campaign: 'fall sale' },
      'ref=ACME-1&service=basic&utm_source=news&utm_campaign=fall+sale&utm_content=ACME-1&utm_term=basic',
    ],
    ['cfo', { utm_medium: 'email' }, 'ref=ACME-1&service=cfo&utm_medium=email&utm_content=ACME-1&utm_term=cfo'],
  ] as const)('books %s with %j', (service, search, query) => {
    expect(schedulingLink('https://schedule.example.com/consultation', { ref: 'ACME-1', service, search })).toBe(
      `https://schedule.example.com/consultation?${query}`,
    );
  });
});
