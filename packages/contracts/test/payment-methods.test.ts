// The payment method form in Settings answers each bank field in the registration form's words.

import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_NUMBER_INVALID,
  MESSAGES,
  PAYMENT_METHOD_MESSAGES,
  updateBankDetailsInput,
  updatePaymentMethodInput,
  WIRE_BANK_FIELD_REQUIRED,
  WIRE_BANK_FIELDS,
  wireBankFieldErrors,
} from '../src';
import { completeWireDetails } from './bank-details';

const emptyWire = {
  paymentMethod: 'Wire',
  bankName: '',
  bankRoutingNumber: '',
  bankAccountNumber: '',
  bankAccountType: '',
  bankAccountHolderName: '',
  bankAddress: '',
  beneficiaryAddress: '',
  currentPassword: 'secret-password',
};

/** Each field's first message, as a form shows it under the field. */
function fieldMessages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[String(issue.path[0])] ??= issue.message;
  return messages;
}

describe('the wire bank details of the payment method form', () => {
  it('answers each empty field in its own words, as the registration form does', () => {
    const messages = fieldMessages(updatePaymentMethodInput.safeParse(emptyWire));
    for (const field of WIRE_BANK_FIELDS) expect(messages[field]).toBe(WIRE_BANK_FIELD_REQUIRED[field]);
    expect(Object.values(messages)).not.toContain(MESSAGES.wireBankFieldsRequired);
    const { paymentMethod: _spec, ...registration } = wireBankFieldErrors(emptyWire);
    expect(messages).toEqual(registration);
  });

  it('says a routing number must be 9 digits only once one is entered', () => {
    const empty = fieldMessages(updatePaymentMethodInput.safeParse(emptyWire));
    expect(empty.bankRoutingNumber).toBe('Routing number is required');
    const short = fieldMessages(updatePaymentMethodInput.safeParse({ ...emptyWire, bankRoutingNumber: '12345' }));
    expect(short.bankRoutingNumber).toBe(MESSAGES.routingNumberDigits);
    const symbols = fieldMessages(updatePaymentMethodInput.safeParse({ ...emptyWire, bankAccountNumber: '12-34' }));
    expect(symbols.bankAccountNumber).toBe(ACCOUNT_NUMBER_INVALID);
  });

  it('gives the Bank Details input the same words', () => {
    const { paymentMethod: _method, ...details } = emptyWire;
    expect(fieldMessages(updateBankDetailsInput.safeParse(details))).toEqual(
      fieldMessages(updatePaymentMethodInput.safeParse(emptyWire)),
    );
  });

  it('accepts complete details', () => {
    expect(updatePaymentMethodInput.safeParse({ ...emptyWire, ...completeWireDetails }).success).toBe(true);
  });
});

describe('the routing number of every form', () => {
  // Complete, but for the check digit of the routing number.
  const completeWire = { ...emptyWire, ...completeWireDetails, bankRoutingNumber: '021000022' };

  it("refuses a wire routing number whose check digit is wrong, as ACH does, in the number's own words", () => {
    expect(fieldMessages(updatePaymentMethodInput.safeParse(completeWire))).toEqual({
      bankRoutingNumber: PAYMENT_METHOD_MESSAGES.routingCheckDigit,
    });
    const { paymentMethod: _method, ...details } = completeWire;
    expect(fieldMessages(updateBankDetailsInput.safeParse(details))).toEqual({
      bankRoutingNumber: PAYMENT_METHOD_MESSAGES.routingCheckDigit,
    });
  });

  it('gives the registration form the check digit on the field, without "all fields are required"', () => {
    expect(wireBankFieldErrors(completeWire)).toEqual({ bankRoutingNumber: PAYMENT_METHOD_MESSAGES.routingCheckDigit });
    expect(wireBankFieldErrors({ ...completeWire, bankName: '' })).toMatchObject({
      paymentMethod: MESSAGES.wireBankFieldsRequired,
      bankName: WIRE_BANK_FIELD_REQUIRED.bankName,
    });
  });
});

describe('the ACH details of the payment method form', () => {
  const emptyAch = {
    paymentMethod: 'ACH',
    bankRoutingNumber: '',
    bankAccountNumber: '',
    bankAccountHolderName: '',
    currentPassword: 'secret-password',
  };

  it('answers an empty routing number, account number and holder in their own words', () => {
    expect(fieldMessages(updatePaymentMethodInput.safeParse(emptyAch))).toMatchObject({
      bankRoutingNumber: 'Routing number is required',
      bankAccountNumber: 'Account number is required',
      bankAccountHolderName: 'Account holder name is required',
    });
  });

  it('checks the check digit of nine digits only', () => {
    const short = updatePaymentMethodInput.safeParse({ ...emptyAch, bankRoutingNumber: '12345' });
    expect(short.error?.issues.filter((issue) => issue.path[0] === 'bankRoutingNumber')).toEqual([
      expect.objectContaining({ message: MESSAGES.routingNumberDigits }),
    ]);
    const wrongDigit = fieldMessages(
      updatePaymentMethodInput.safeParse({ ...emptyAch, bankRoutingNumber: '021000022' }),
    );
    expect(wrongDigit.bankRoutingNumber).toBe(PAYMENT_METHOD_MESSAGES.routingCheckDigit);
  });
});
