// The partner's Payment method card: one phrase per method for how the partner is paid, and a button named
// for what it changes (bank details for a wire or ACH partner, the payment method for a PayPal one).

import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, PAYMENT_METHOD_MESSAGES, WIRE_BANK_FIELD_REQUIRED, WIRE_BANK_FIELDS } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PAYMENT_METHOD_ANCHOR,
  paymentSummary,
  UpdateBankDetailsCard,
} from '../src/features/partner/update-bank-details-card';
import { SessionStore } from '../src/lib/session';
import { aPartnerProfile } from './fixtures';
import { renderInRouter } from './render';
import { serveTrpc } from './trpc-server';

const active = { status: 'active' as const, bankName: 'First Cascade Bank', bankAccountNumberMasked: '•••• 7788' };
const session = () =>
  new SessionStore({ user: { id: '00000000-0000-4000-8000-000000000001', email: 'pat@example.com', role: 'partner' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('how the partner is paid', () => {
  it('names the method first, whichever it is', () => {
    expect(paymentSummary(aPartnerProfile({ ...active, paymentMethod: 'Wire' }))).toBe(
      'Wire Transfer to First Cascade Bank, account •••• 7788',
    );
    expect(paymentSummary(aPartnerProfile({ ...active, paymentMethod: 'ACH' }))).toBe(
      'ACH to First Cascade Bank, account •••• 7788',
    );
    expect(
      paymentSummary(aPartnerProfile({ ...active, paymentMethod: 'PayPal', paypalEmailMasked: 'p•••@example.com' })),
    ).toBe('PayPal to p•••@example.com');
  });

  it('says when nothing is on file', () => {
    expect(paymentSummary(aPartnerProfile({ paymentMethod: 'Wire', bankAccountNumberMasked: null }))).toBe(
      'No bank account on file.',
    );
    expect(paymentSummary(aPartnerProfile({ paymentMethod: 'PayPal', paypalEmailMasked: null }))).toBe(
      'PayPal, no email on file.',
    );
  });
});

describe('the Payment method card', () => {
  it('offers a PayPal partner to update the payment method, not bank details it has none of', async () => {
    serveTrpc({});
    renderInRouter(
      <UpdateBankDetailsCard
        partner={aPartnerProfile({ ...active, paymentMethod: 'PayPal', paypalEmailMasked: 'p•••@example.com' })}
      />,
      { session: session() },
    );
    expect(await screen.findByRole('button', { name: 'Update payment method' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update bank details' })).toBeNull();
  });

  it('offers a wire partner to update its bank details', async () => {
    serveTrpc({});
    renderInRouter(<UpdateBankDetailsCard partner={aPartnerProfile({ ...active, paymentMethod: 'Wire' })} />, {
      session: session(),
    });
    expect(await screen.findByRole('button', { name: 'Update bank details' })).toBeTruthy();
  });

  it('scrolls its heading into view and focuses it when the address names the card', async () => {
    serveTrpc({});
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    renderInRouter(<UpdateBankDetailsCard partner={aPartnerProfile({ ...active, paymentMethod: 'Wire' })} />, {
      session: session(),
      path: `/dashboard?tab=settings#${PAYMENT_METHOD_ANCHOR}`,
    });
    const heading = await screen.findByRole('heading', { name: 'Payment method' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(scrolled.mock.contexts).toContain(heading);
  });

  it('leaves the page where it is when the address does not name the card', async () => {
    serveTrpc({});
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    renderInRouter(<UpdateBankDetailsCard partner={aPartnerProfile({ ...active, paymentMethod: 'Wire' })} />, {
      session: session(),
      path: '/dashboard?tab=settings',
    });
    const heading = await screen.findByRole('heading', { name: 'Payment method' });
    expect(document.activeElement).not.toBe(heading);
    expect(scrolled.mock.contexts).not.toContain(heading);
  });

  it('answers an empty save field by field, like the registration form, and the wire rule once', async () => {
    serveTrpc({});
    renderInRouter(<UpdateBankDetailsCard partner={aPartnerProfile({ status: 'pending', paymentMethod: 'Wire' })} />, {
      session: session(),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Update bank details' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save bank details' }));
    for (const field of WIRE_BANK_FIELDS) {
      if (field === 'bankAccountType') continue; // chosen already: checking
      expect(await screen.findByText(WIRE_BANK_FIELD_REQUIRED[field])).toBeTruthy();
    }
    expect(screen.getAllByText(MESSAGES.wireBankFieldsRequired)).toHaveLength(1);
    expect(screen.queryByText(MESSAGES.routingNumberDigits)).toBeNull();

    await userEvent.type(screen.getByLabelText(/Routing Number/), '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Save bank details' }));
    expect(await screen.findByText(MESSAGES.routingNumberDigits)).toBeTruthy();
    expect(screen.queryByText(WIRE_BANK_FIELD_REQUIRED.bankRoutingNumber)).toBeNull();
  });

  it('says a wrong check digit on the routing number alone, not that all bank fields are required', async () => {
    serveTrpc({});
    renderInRouter(<UpdateBankDetailsCard partner={aPartnerProfile({ status: 'pending', paymentMethod: 'Wire' })} />, {
      session: session(),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Update bank details' }));
    await userEvent.type(screen.getByLabelText(/Bank Name/), 'First Bank');
    await userEvent.type(screen.getByLabelText(/Account Holder Name/), 'Acme LLC');
    await userEvent.type(screen.getByLabelText(/Routing Number/), '021000022');
    const account = screen.getByLabelText<HTMLInputElement>(/^Account Number/);
    // Masked as on the registration form.
    expect(account.type).toBe('password');
    await userEvent.type(account, 'AB1234567');
    await userEvent.type(screen.getByLabelText(/^Bank Address/), '1 Main St');
    await userEvent.type(screen.getByLabelText(/Beneficiary Address/), '2 Side St');
    await userEvent.type(screen.getByLabelText(/Current password/), 'secret-password');
    fireEvent.click(screen.getByRole('button', { name: 'Save bank details' }));
    expect(await screen.findByText(PAYMENT_METHOD_MESSAGES.routingCheckDigit)).toBeTruthy();
    expect(screen.queryByTestId('bank-fields-rule')).toBeNull();
  });
});
