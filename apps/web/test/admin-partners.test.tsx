import { FEE_BASIS_LABELS } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AffiliateRows } from '../src/features/admin/partners/affiliate-rows';
import { nextSort, SortButton } from '../src/features/admin/partners/affiliates-table';
import {
  CreatePartnerDialog,
  CreatePartnerForm,
  toCreatePartnerPayload,
} from '../src/features/admin/partners/create-partner-dialog';
import { AdminMetricCards, formatRate } from '../src/features/admin/dashboard/metric-cards';
import { ApprovalQueueRow } from '../src/features/admin/partners/partner-approval-queue';
import { PartnerDetailsView } from '../src/features/admin/partners/partner-details-dialog';
import { PartnerSettingsView } from '../src/features/admin/partners/partner-settings-dialog';
import { RejectPartnerDialog, SuspendPartnerDialog } from '../src/features/admin/partners/reason-decision-dialog';
import { anAdminPartnerRow, aPartnerDetails, aProgramTerms } from './fixtures';
import { atPhoneWidth, renderInRouter, renderWithProviders } from './render';
import { serveTrpc } from './trpc-server';

const row = anAdminPartnerRow({
  companyType: 'marketing_agency',
  currentMrr: '3050.00',
  totalLifetimeCommissions: '550.00',
  applicationDate: '2026-03-02T10:00:00.000Z',
  joinedAt: '2026-03-04T12:00:00.000Z',
  createdAt: '2026-03-02T10:00:00.000Z',
});

/** Each text is on the screen, once or more (a table cell and its card's copy). */
function expectShown(texts: readonly string[]) {
  for (const text of texts) expect(screen.getAllByText(text).length).toBeGreaterThan(0);
}

describe('admin metric cards', () => {
  it('shows money with two decimals, the pending count and the conversion rate with one decimal', () => {
    renderWithProviders(
      <AdminMetricCards
        metrics={{
          totalPartnerCommissions: '12345.5',
          activePartnerCount: 12,
          pendingPartnerCount: 3,
          monthlyReferralRevenue: '5050.00',
          conversionRate: 32,
        }}
      />,
    );
    expect(screen.getByTestId('metric-total-partner-commissions').textContent).toBe('$12,345.50');
    expect(screen.getByTestId('metric-active-partners').textContent).toBe('12');
    expect(screen.getByText('3 pending approval')).toBeTruthy();
    expect(screen.getByTestId('metric-monthly-referral-revenue').textContent).toBe('$5,050.00');
    expect(screen.getByTestId('metric-conversion-rate').textContent).toBe('32.0%');
  });

  it('formats rates with exactly one decimal', () => {
    expect(formatRate(0)).toBe('0.0%');
    expect(formatRate(66.7)).toBe('66.7%');
  });
});

describe('affiliates table rows', () => {
  it('shows the spec columns with MRR, total earned and the joined date', async () => {
    renderInRouter(
      <AffiliateRows
        partners={[row, { ...row, id: 'b', companyName: 'Pending Co', status: 'pending', joinedAt: null }]}
        onViewDetails={vi.fn()}
        onSuspend={vi.fn()}
        onReactivate={vi.fn()}
      />,
    );
    await screen.findByText('Pending Co');
    expect(screen.getByRole('link', { name: 'Northwind Growth' }).getAttribute('href')).toBe(
      `/admin/partners/${row.id}`,
    );
    expectShown([
      'Northwind Growth',
      'Maya Chen',
      'maya@northwind.example',
      'Marketing Agency',
      'Active',
      'NORTHW-7K2Q',
      '$3,050.00',
      '$550.00',
      'Mar 4, 2026',
    ]);
    expect(screen.getByText('N/A')).toBeTruthy();
  });

  it('cycles a header between ascending and descending; money and the join date start largest and newest first', () => {
    expect(nextSort('-createdAt', 'companyName')).toBe('companyName');
    expect(nextSort('companyName', 'companyName')).toBe('-companyName');
    expect(nextSort('-companyName', 'companyName')).toBe('companyName');
    expect(nextSort('companyName', 'currentMrr')).toBe('-currentMrr');
    expect(nextSort('-createdAt', 'joinedAt')).toBe('-joinedAt');
    expect(nextSort('-joinedAt', 'joinedAt')).toBe('joinedAt');
  });

  it('keeps the sort arrow full size beside a header that wraps onto two lines', () => {
    renderWithProviders(
      <SortButton field="totalLifetimeCommissions" sort="-createdAt" onSort={vi.fn()} label="Total Earned" />,
    );
    const arrow = screen.getByRole('button', { name: 'Total Earned' }).querySelector('svg');
    expect(arrow?.style.flexShrink).toBe('0');
  });
});

describe('approval queue row', () => {
  it('offers the partner page, view details, reject and approve for the applicant', async () => {
    const onView = vi.fn();
    const onReject = vi.fn();
    const onApprove = vi.fn();
    renderInRouter(
      <ApprovalQueueRow
        partner={{ ...row, status: 'pending' }}
        onView={onView}
        onReject={onReject}
        onApprove={onApprove}
        busy={false}
      />,
    );
    expect((await screen.findByRole('link', { name: 'Northwind Growth' })).getAttribute('href')).toBe(
      `/admin/partners/${row.id}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'View details of Northwind Growth' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reject Northwind Growth' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve Northwind Growth' }));
    expect([onView.mock.calls.length, onReject.mock.calls.length, onApprove.mock.calls.length]).toEqual([1, 1, 1]);
    expect(screen.getByText(/Applied Mar 2, 2026/)).toBeTruthy();
  });
});

describe.each([
  ['Reject', RejectPartnerDialog, 'Reject application'],
  ['Suspend', SuspendPartnerDialog, 'Suspend partner'],
] as const)('the %s dialog', (submit, Dialog, title) => {
  const renderDialog = () => {
    const onConfirm = vi.fn();
    renderWithProviders(
      <Dialog
        partner={{ id: row.id, companyName: row.companyName }}
        onClose={vi.fn()}
        onConfirm={onConfirm}
        submitting={false}
      />,
    );
    return onConfirm;
  };

  it('names the partner and sends the typed reason', async () => {
    const onConfirm = renderDialog();
    const dialog = within(await screen.findByRole('dialog', { name: title }));
    expect(dialog.getByText(row.companyName)).toBeTruthy();
    await userEvent.type(dialog.getByLabelText('Reason (optional)'), 'Outside our market');
    fireEvent.click(dialog.getByRole('button', { name: submit }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('Outside our market'));
  });

  it('decides without a reason', async () => {
    const onConfirm = renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: submit }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith(''));
  });

  it('fills the screen at phone width, as every dialog with a reason to type does', async () => {
    atPhoneWidth();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: title });
    await waitFor(() => expect(dialog.closest('[data-full-screen]')).not.toBeNull());
  });
});

describe('Create Partner form', () => {
  /** Renders the form and answers its submit spy. */
  function renderCreatePartnerForm() {
    const onSubmit = vi.fn();
    renderWithProviders(<CreatePartnerForm onSubmit={onSubmit} onCancel={vi.fn()} submitting={false} />);
    return onSubmit;
  }

  /** Types the required fields, Acme's, with `password`. */
  async function fillCreatePartner(password: string) {
    await userEvent.type(screen.getByLabelText(/^Email/), 'pat@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), password);
    await userEvent.type(screen.getByLabelText(/^Company Name/), 'Acme');
    await userEvent.type(screen.getByLabelText(/^Contact Name/), 'Pat');
  }

  it('shows the spec messages and does not submit an empty form', async () => {
    const onSubmit = renderCreatePartnerForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create Partner' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Company name is required')).toBeTruthy();
    expect(screen.getByText('Contact name is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a 7-character password and a short phone', async () => {
    const onSubmit = renderCreatePartnerForm();
    await fillCreatePartner('1234567');
    await userEvent.type(screen.getByLabelText(/^Phone/), '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Create Partner' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Please enter a valid phone number')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('fills the screen at phone width: its long form scrolls as a page', async () => {
    atPhoneWidth();
    renderWithProviders(<CreatePartnerDialog opened onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create New Partner' });
    await waitFor(() => expect(dialog.closest('[data-full-screen]')).not.toBeNull());
  });

  it('submits with the default company type and expected volume, Wire fixed', async () => {
    const onSubmit = renderCreatePartnerForm();
    expect(screen.getAllByDisplayValue('3-5 referrals/month').length).toBeGreaterThan(0);
    expect(screen.getByDisplayValue('Wire Transfer')).toBeTruthy();
    await fillCreatePartner('12345678');
    fireEvent.click(screen.getByRole('button', { name: 'Create Partner' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(toCreatePartnerPayload(onSubmit.mock.calls[0]?.[0])).toEqual({
      email: 'pat@example.com',
      password: '12345678',
      companyName: 'Acme',
      contactName: 'Pat',
      companyType: 'agency',
      expectedVolume: '3-5 referrals/month',
      paymentMethod: 'Wire',
    });
  });
});

describe('partner details and settings', () => {
  it('lists company, contact, business details and the application status', () => {
    const details = aPartnerDetails({
      ...row,
      status: 'rejected',
      rejectedAt: '2026-03-05T12:00:00.000Z',
      rejectionReason: 'Outside our market',
    });
    renderWithProviders(<PartnerDetailsView partner={details} />);
    expectShown([
      'Company Information',
      'Contact Information',
      'Business Details',
      'Application Status',
      'maya@northwind.example',
      '+1 503 555 0142',
      '5-10 referrals/month',
      'NORTHW-7K2Q',
      '•••• 6789',
      'Rejected',
      'Mar 2, 2026',
      'Outside our market',
    ]);
    expect(screen.getByText('Not provided')).toBeTruthy();
  });

  it("shows a PayPal partner's PayPal email under Business Details, and no bank fields", () => {
    const details = aPartnerDetails({
      ...row,
      website: 'https://northwind.example',
      paymentMethod: 'PayPal',
      bankName: null,
      bankAccountType: null,
      bankAccountHolderName: null,
      bankRoutingNumberMasked: null,
      bankAccountNumberMasked: null,
      paypalEmailMasked: 'p•••@shoplineapps.demo',
    });
    renderWithProviders(<PartnerDetailsView partner={details} />);
    expect(screen.getByText('PayPal Email').nextElementSibling?.textContent).toBe('p•••@shoplineapps.demo');
    for (const label of ['Bank', 'Account Holder', 'Routing Number', 'Account Number'])
      expect(screen.queryByText(label), label).toBeNull();
    expect(screen.queryByText('Not provided')).toBeNull();
  });

  it.each(['Wire', 'ACH'] as const)(
    'shows the bank fields of a partner paid by %s, masked, and no PayPal email',
    (method) => {
      renderWithProviders(<PartnerDetailsView partner={aPartnerDetails({ ...row, paymentMethod: method })} />);
      expect(screen.getByText('Bank').nextElementSibling?.textContent).toBe('First Bank');
      expect(screen.getByText('Routing Number').nextElementSibling?.textContent).toBe('•••• 0021');
      expect(screen.getByText('Account Number').nextElementSibling?.textContent).toBe('•••• 6789');
      expect(screen.queryByText('PayPal Email')).toBeNull();
    },
  );

  it('shows the terms in force, read-only: the fee per service, the agreement version and when fees are paid', async () => {
    const terms = aProgramTerms({
      version: 2,
      agreementVersion: '2.0',
      fees: { basic_accounting: '60.00', controller: '120.00' },
      effectiveFrom: '2026-11-01',
      agreementText: {
        title: 'Affiliate Agreement',
        sections: [{ heading: 'Fees', paragraphs: ['The basic fee is 60.00.'] }],
      },
      changes: ['The basic fee is 60.00'],
      createdAt: '2026-10-20T12:00:00.000Z',
      createdBy: 'ada@example.com',
      createdByName: 'Ada Admin',
    });
    serveTrpc({ 'admin.programTerms': () => ({ current: terms, history: [terms] }) });
    renderWithProviders(<PartnerSettingsView />);
    expect(await screen.findByText('$60.00')).toBeTruthy();
    expect(screen.getByText('$120.00')).toBeTruthy();
    expect(screen.getByText('2.0')).toBeTruthy();
    expect(screen.getByText(FEE_BASIS_LABELS.clientPayment)).toBeTruthy();
    expect(screen.getByText(/a fee is paid 30 days after the client pays/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    vi.unstubAllGlobals();
  });
});
