// The registration form without a server: the agreement gate, the input filters, the payload.

import {
  BANK_ACCOUNT_NUMBER_MAX,
  MESSAGES,
  WIRE_BANK_FIELD_REQUIRED,
  WIRE_BANK_FIELDS,
  type PartnerApplicationInput,
} from '@portal/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AGREEMENT_CHECKBOX_LABEL, AGREEMENT_HINTS } from '../src/features/onboarding/agreement-box';
import { RegistrationForm } from '../src/features/onboarding/registration-form';
import { renderWithProviders } from './render';

function renderForm(onSubmit: (payload: PartnerApplicationInput) => Promise<unknown> | void = vi.fn()) {
  const result = renderWithProviders(<RegistrationForm onSubmit={onSubmit} />);
  return { ...result, onSubmit };
}

const agreementBox = () => screen.getByTestId('agreement-scroll');
const checkbox = () => screen.getByLabelText<HTMLInputElement>(AGREEMENT_CHECKBOX_LABEL);

/** jsdom has no layout: give the box a size and a scroll position, then fire the scroll. */
function scrollAgreement(scrollTop: number, scrollHeight = 2000, clientHeight = 384) {
  const box = agreementBox();
  Object.defineProperty(box, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: clientHeight });
  box.scrollTop = scrollTop;
  fireEvent.scroll(box);
}

/** Types into a field the fast way (one change event); the filters run on it as on typing. */
function fill(label: RegExp, value: string) {
  fireEvent.change(field(label), { target: { value } });
}
const field = (label: RegExp) =>
  screen.getAllByLabelText(label).find((element) => element.tagName !== 'DIV') as HTMLInputElement;

/** The applicant's company and contact, and no bank field. */
function fillNames() {
  fill(/Company Name/, 'Acme Growth');
  fill(/Contact Name/, 'Ada Lovelace');
}

function fillRequired() {
  fillNames();
  fill(/Bank Name/, 'First Bank');
  fill(/Routing Number/, '021000021');
  fill(/^Account Number/, 'QX7734125590');
  fill(/Account Holder Name/, 'Acme Growth LLC');
  fill(/^Bank Address/, '1 Main St');
  fill(/Beneficiary Address/, '2 Side St');
}

/** Scrolls the agreement to its end, accepts it and submits the application. */
async function acceptAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  scrollAgreement(1616);
  await user.click(checkbox());
  await user.click(screen.getByRole('button', { name: 'Submit Partner Application' }));
}

describe('the registration form', () => {
  it('shows the fields in the spec order with their defaults', () => {
    renderForm();
    const labels = Array.from(document.querySelectorAll('form label')).map((label) =>
      label.textContent?.replace('*', '').trim(),
    );
    expect(labels).toEqual([
      'Company Name',
      'Contact Name',
      'Company Type',
      'Expected Monthly Referrals',
      'Website',
      'Phone',
      'Preferred Payment Method',
      'Bank Name',
      'Routing Number',
      'Account Number',
      'Account Type',
      'Account Holder Name',
      'Bank Address',
      'Beneficiary Address',
      AGREEMENT_CHECKBOX_LABEL,
    ]);
    expect(field(/Company Type/).value).toBe('Agency');
    expect(field(/Preferred Payment Method/).value).toBe('Wire Transfer');
    expect(field(/Expected Monthly Referrals/).value).toBe('3-5 referrals/month');
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^Bank Address/).rows).toBe(2);
    expect(screen.getByLabelText<HTMLTextAreaElement>(/Beneficiary Address/).rows).toBe(2);
    expect(screen.getByRole('button', { name: 'Submit Partner Application' })).toBeTruthy();
  });

  it('renders the current affiliate agreement in the scroll box', () => {
    renderForm();
    expect(agreementBox().textContent).toContain('$100 per month for a Controller Package client');
    expect(agreementBox().textContent).toContain('State of Oregon');
  });
});

describe('the agreement gate', () => {
  it('keeps the checkbox disabled until the reader scrolls to within 10 px of the bottom', () => {
    renderForm();
    expect(checkbox().disabled).toBe(true);
    expect(screen.getByText(AGREEMENT_HINTS.scroll)).toBeTruthy();

    scrollAgreement(800);
    expect(checkbox().disabled).toBe(true);
    scrollAgreement(2000 - 384 - 11); // 11 px short of the bottom
    expect(checkbox().disabled).toBe(true);
    expect(screen.getByText(AGREEMENT_HINTS.scroll)).toBeTruthy();

    scrollAgreement(2000 - 384 - 10); // within the threshold
    expect(checkbox().disabled).toBe(false);
    expect(screen.queryByText(AGREEMENT_HINTS.scroll)).toBeNull();
    expect(screen.getByText(AGREEMENT_HINTS.read)).toBeTruthy();
  });

  it("says 'Agreement accepted' once ticked, and stays unlocked after scrolling back up", async () => {
    const user = userEvent.setup();
    renderForm();
    scrollAgreement(1616);
    await user.click(checkbox());
    expect(checkbox().checked).toBe(true);
    expect(screen.getByText(AGREEMENT_HINTS.accepted)).toBeTruthy();
    scrollAgreement(0);
    expect(checkbox().disabled).toBe(false);
    await user.click(checkbox());
    expect(checkbox().checked).toBe(false);
    expect(screen.getByText(AGREEMENT_HINTS.read)).toBeTruthy();
  });

  it("blocks submitting without the accepted agreement with the 'Agreement Required' toast", async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    fillRequired();
    await user.click(screen.getByRole('button', { name: 'Submit Partner Application' }));
    expect(await screen.findByText(MESSAGES.agreementRequiredTitle)).toBeTruthy();
    expect(screen.getByText(MESSAGES.agreementRequiredText)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('the input filters', () => {
  it('lets only digits into the routing number, at most 9', async () => {
    const user = userEvent.setup();
    renderForm();
    const routing = screen.getByLabelText<HTMLInputElement>(/Routing Number/);
    await user.type(routing, 'ab12-34 5678');
    expect(routing.value).toBe('12345678');
    await user.type(routing, '9012');
    expect(routing.value).toBe('123456789');
    fireEvent.change(routing, { target: { value: '98x76 54321000' } });
    expect(routing.value).toBe('987654321');
  });

  it('filters a pasted routing number before it keeps 9 digits (021-000-021 stays whole)', async () => {
    const user = userEvent.setup();
    renderForm();
    const routing = screen.getByLabelText<HTMLInputElement>(/Routing Number/);
    await user.click(routing);
    await user.paste('021-000-021');
    expect(routing.value).toBe('021000021');
    await user.clear(routing);
    await user.paste(' 0 2 1 - 0 0 0 - 0 2 1 - 9 9 ');
    expect(routing.value).toBe('021000021');
  });

  it('filters a pasted account number before it keeps the longest account number', async () => {
    const user = userEvent.setup();
    renderForm();
    const account = screen.getByLabelText<HTMLInputElement>(/^Account Number/);
    await user.click(account);
    await user.paste('GB29-NWBK-6016-1331-9268-19');
    expect(account.value).toBe('GB29NWBK60161331926819');
    await user.clear(account);
    await user.paste('AB12-'.repeat(12));
    expect(account.value).toBe('AB12'.repeat(12).slice(0, BANK_ACCOUNT_NUMBER_MAX));
  });

  it('keeps only letters and digits in the account number and shows it masked', async () => {
    const user = userEvent.setup();
    renderForm();
    const account = screen.getByLabelText<HTMLInputElement>(/^Account Number/);
    expect(account.type).toBe('password');
    await user.type(account, 'GB29 NWBK-6016.13');
    expect(account.value).toBe('GB29NWBK601613');
  });
});

describe('submitting', () => {
  it('sends the application with empty optional fields absent and the agreement version shown', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderForm(onSubmit);
    fillRequired();
    await acceptAndSubmit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const payload = onSubmit.mock.calls[0]?.[0] as Record<string, unknown>;
    expect(payload).toEqual({
      companyName: 'Acme Growth',
      contactName: 'Ada Lovelace',
      companyType: 'agency',
      expectedVolume: '3-5 referrals/month',
      paymentMethod: 'Wire',
      bankName: 'First Bank',
      bankRoutingNumber: '021000021',
      bankAccountNumber: 'QX7734125590',
      bankAccountType: 'checking',
      bankAccountHolderName: 'Acme Growth LLC',
      bankAddress: '1 Main St',
      beneficiaryAddress: '2 Side St',
      agreementSigned: true,
      agreementVersion: '1.0',
    });
    expect(payload).not.toHaveProperty('website');
    expect(payload).not.toHaveProperty('phone');
  });

  it('sends the optional fields when they are filled in', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderForm(onSubmit);
    fillRequired();
    fill(/^Website/, 'https://acme.example.com');
    fill(/^Phone/, '(503) 555-0100');
    await acceptAndSubmit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ website: 'https://acme.example.com', phone: '(503) 555-0100' });
  });

  it('shows the wire-transfer message on the payment method when a bank field is missing', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    fillNames();
    await acceptAndSubmit(user);
    expect(await screen.findByText(MESSAGES.wireBankFieldsRequired)).toBeTruthy();
    const payment = field(/Preferred Payment Method/);
    expect(payment.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('drops the wire-transfer message once every bank field is filled in, before the next submit', async () => {
    const user = userEvent.setup();
    renderForm();
    fillNames();
    await acceptAndSubmit(user);
    expect(await screen.findByText(MESSAGES.wireBankFieldsRequired)).toBeTruthy();
    fill(/Bank Name/, 'First Bank');
    fill(/Routing Number/, '021000021');
    fill(/^Account Number/, 'QX7734125590');
    fill(/Account Holder Name/, 'Acme Growth LLC');
    fill(/^Bank Address/, '1 Main St');
    // One bank field still empty: the message stays.
    expect(screen.getByText(MESSAGES.wireBankFieldsRequired)).toBeTruthy();
    fill(/Beneficiary Address/, '2 Side St');
    await waitFor(() => expect(screen.queryByText(MESSAGES.wireBankFieldsRequired)).toBeNull());
    expect(field(/Preferred Payment Method/).getAttribute('aria-invalid')).not.toBe('true');
  });

  it('shows the spec messages for a bad website, a short phone and a short routing number', async () => {
    const user = userEvent.setup();
    renderForm();
    fillRequired();
    fill(/^Website/, 'not a url');
    fill(/^Phone/, '555-01');
    fill(/Routing Number/, '12345');
    await acceptAndSubmit(user);
    expect(await screen.findByText(MESSAGES.invalidWebsite)).toBeTruthy();
    expect(screen.getByText(MESSAGES.invalidPhone)).toBeTruthy();
    expect(screen.getByText(MESSAGES.routingNumberDigits)).toBeTruthy();
  });

  it('flags every empty field at once on an empty submit, the seven bank fields too, and brings the first into view', async () => {
    const user = userEvent.setup();
    const scrolled: Element[] = [];
    const scrollIntoView = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (
      this: Element,
    ) {
      scrolled.push(this);
    });
    const { onSubmit } = renderForm();
    await acceptAndSubmit(user);
    expect(await screen.findByText(MESSAGES.companyNameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.contactNameRequired)).toBeTruthy();
    for (const bankField of WIRE_BANK_FIELDS.filter((name) => name !== 'bankAccountType'))
      expect(screen.getByText(WIRE_BANK_FIELD_REQUIRED[bankField])).toBeTruthy();
    for (const label of [
      /Bank Name/,
      /Routing Number/,
      /^Account Number/,
      /Account Holder Name/,
      /^Bank Address/,
      /Beneficiary Address/,
    ])
      expect([String(label), field(label).getAttribute('aria-invalid')]).toEqual([String(label), 'true']);
    // The spec's message stays on the payment method.
    expect(screen.getByText(MESSAGES.wireBankFieldsRequired)).toBeTruthy();
    await waitFor(() => expect(scrolled[0]).toBe(field(/Company Name/)));
    expect(document.activeElement).toBe(field(/Company Name/));
    expect(onSubmit).not.toHaveBeenCalled();
    scrollIntoView.mockRestore();
  });

  it('says on the routing number field that 8 digits are not enough, with everything else filled', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    fillRequired();
    fill(/Routing Number/, '02100002');
    await acceptAndSubmit(user);
    const routing = field(/Routing Number/);
    await waitFor(() => expect(routing.getAttribute('aria-invalid')).toBe('true'));
    const described = (routing.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(MESSAGES.routingNumberDigits);
    await waitFor(() => expect(document.activeElement).toBe(field(/Preferred Payment Method/)));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("reads 'Submitting...' while the application is being sent, then returns", async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderForm(onSubmit);
    fillRequired();
    await acceptAndSubmit(user);
    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish());
    expect(await screen.findByRole('button', { name: 'Submit Partner Application' })).toBeTruthy();
  });
});
