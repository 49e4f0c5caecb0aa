import { describe, expect, it } from 'vitest';
import {
  AGREEMENTS,
  BANK_ACCOUNT_NUMBER_MAX,
  CURRENT_AGREEMENT,
  CURRENT_AGREEMENT_VERSION,
  DEFAULT_AGREEMENT_VERSION,
  MESSAGES,
  WIRE_BANK_FIELDS,
  filterAccountNumber,
  filterRoutingNumber,
  partnerApplicationInput,
} from '../src';
import { completeWireDetails } from './bank-details';

const valid = {
  companyName: 'Acme Growth Partners',
  contactName: 'Ada Lovelace',
  companyType: 'agency',
  expectedVolume: '3-5 referrals/month',
  paymentMethod: 'Wire',
  ...completeWireDetails,
  agreementSigned: true,
};

function issuesOf(overrides: Record<string, unknown>) {
  const result = partnerApplicationInput.safeParse({ ...valid, ...overrides });
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}
const firstMessage = (overrides: Record<string, unknown>) => issuesOf(overrides)[0]?.message;

describe('partnerApplicationInput', () => {
  it.each([
    ['companyName', 'Company name'],
    ['contactName', 'Contact name'],
    ['bankName', 'Bank name'],
    ['bankRoutingNumber', 'Routing number'],
    ['bankAccountNumber', 'Account number'],
    ['bankAccountHolderName', 'Account holder name'],
    ['website', 'Website'],
    ['phone', 'Phone'],
  ])('refuses a line break or control character in %s, naming the field', (field, label) => {
    const message = `${label} must be a single line without control characters`;
    for (const bad of ['Acme\n=1+1', 'Acme\r\n@SUM(A1)', 'acme.com\u0000', 'Acme\u2029x', 'Acme\u001bx']) {
      expect(issuesOf({ [field]: bad })).toContainEqual({ path: field, message });
    }
  });

  it('keeps line breaks in the two address boxes and refuses other control characters there', () => {
    expect(partnerApplicationInput.parse({ ...valid, bankAddress: '1 Main St\r\nPortland, OR' }).bankAddress).toBe(
      '1 Main St\nPortland, OR',
    );
    expect(issuesOf({ beneficiaryAddress: '2 Side St\u0000' })).toContainEqual({
      path: 'beneficiaryAddress',
      message: 'Beneficiary address cannot contain control characters',
    });
  });

  it('accepts a complete wire application and fills the defaults', () => {
    const { companyType: _type, paymentMethod: _method, ...withoutDefaults } = valid;
    const parsed = partnerApplicationInput.parse(withoutDefaults);
    expect(parsed.companyType).toBe('agency');
    expect(parsed.paymentMethod).toBe('Wire');
    expect(parsed.agreementVersion).toBe(DEFAULT_AGREEMENT_VERSION);
  });

  it('treats empty optional fields as absent', () => {
    const parsed = partnerApplicationInput.parse({ ...valid, website: '', phone: '' });
    expect(parsed).not.toHaveProperty('website', expect.anything());
    expect(parsed.website).toBeUndefined();
    expect(parsed.phone).toBeUndefined();
  });

  it('trims the text fields', () => {
    const parsed = partnerApplicationInput.parse({ ...valid, companyName: '  Acme  ', bankName: ' First Bank ' });
    expect(parsed.companyName).toBe('Acme');
    expect(parsed.bankName).toBe('First Bank');
  });

  describe('the base fields', () => {
    it.each([
      ['an empty company name', { companyName: '' }, MESSAGES.companyNameRequired],
      ['a blank company name', { companyName: '   ' }, MESSAGES.companyNameRequired],
      ['a missing company name', { companyName: undefined }, MESSAGES.companyNameRequired],
      ['an empty contact name', { contactName: '' }, MESSAGES.contactNameRequired],
      ['a missing contact name', { contactName: undefined }, MESSAGES.contactNameRequired],
      ['an unknown company type', { companyType: 'pirate' }, MESSAGES.companyTypeRequired],
      ['a missing expected volume', { expectedVolume: undefined }, MESSAGES.expectedVolumeRequired],
      ['an unknown expected volume', { expectedVolume: 'lots' }, MESSAGES.expectedVolumeRequired],
    ])('refuses %s', (_name, overrides, message) => {
      expect(firstMessage(overrides)).toBe(message);
    });

    it.each(['agency', 'consultant', 'saas', 'influencer', 'client', 'cfo', 'marketing_agency', 'other'])(
      'accepts the company type %s',
      (companyType) => {
        expect(issuesOf({ companyType })).toEqual([]);
      },
    );
  });

  describe('website', () => {
    it.each(['not a url', 'http://', 'ftp://acme.com', 'localhost', 'javascript:alert(1)'])(
      'refuses %j with the website message',
      (website) => {
        expect(firstMessage({ website })).toBe(MESSAGES.invalidWebsite);
      },
    );

    it('accepts an address without a scheme and stores it with https', () => {
      expect(partnerApplicationInput.parse({ ...valid, website: 'acme.com' }).website).toBe('https://acme.com');
      expect(partnerApplicationInput.parse({ ...valid, website: 'http://acme.com/about' }).website).toBe(
        'http://acme.com/about',
      );
    });
  });

  describe('phone', () => {
    it('refuses fewer than 10 characters with the phone message', () => {
      expect(firstMessage({ phone: '555-0100' })).toBe(MESSAGES.invalidPhone);
      expect(firstMessage({ phone: '123456789' })).toBe(MESSAGES.invalidPhone);
    });

    it('accepts 10 characters or more', () => {
      expect(issuesOf({ phone: '5035550100' })).toEqual([]);
      expect(issuesOf({ phone: '+1 (503) 555-0100' })).toEqual([]);
      expect(issuesOf({ phone: '503.555.0100 ext. 12' })).toEqual([]);
      expect(issuesOf({ phone: '+44 20 7946 0958' })).toEqual([]);
    });

    it('refuses letters, markup and too few digits, whatever the length', () => {
      for (const phone of ['not-a-uuid', '<script>alert(1)</script>', 'call me maybe', '(---) ---.--', '+1 555 01 ab'])
        expect(firstMessage({ phone }), phone).toBe(MESSAGES.invalidPhone);
    });
  });

  describe('agreement', () => {
    it.each([false, undefined, 'true', 1])(
      'refuses agreementSigned %j with the agreement message',
      (agreementSigned) => {
        expect(firstMessage({ agreementSigned })).toBe(MESSAGES.agreementRequired);
      },
    );
  });

  describe('wire transfer', () => {
    it.each(WIRE_BANK_FIELDS.map((field) => [field]))(
      'requires %s, with the message on the payment method',
      (field) => {
        for (const value of [undefined, '', '   ']) {
          expect(issuesOf({ [field]: value })).toContainEqual({
            path: 'paymentMethod',
            message: MESSAGES.wireBankFieldsRequired,
          });
        }
      },
    );

    it.each(['12345678', '1234567890', '12345678a', '1234 5678', '12345-789'])(
      'refuses the routing number %j',
      (bankRoutingNumber) => {
        const issues = issuesOf({ bankRoutingNumber });
        expect(issues[0]).toEqual({ path: 'paymentMethod', message: MESSAGES.wireBankFieldsRequired });
        expect(issues).toContainEqual({ path: 'bankRoutingNumber', message: MESSAGES.routingNumberDigits });
      },
    );

    it('accepts a routing number of exactly 9 digits, including leading zeros', () => {
      expect(issuesOf({ bankRoutingNumber: '021000021' })).toEqual([]);
    });

    it.each(['12-34-56', 'ACC 123', '12'])('refuses the account number %j', (bankAccountNumber) => {
      expect(issuesOf({ bankAccountNumber })).toContainEqual({
        path: 'paymentMethod',
        message: MESSAGES.wireBankFieldsRequired,
      });
    });

    it('accepts letters and digits in the account number', () => {
      expect(issuesOf({ bankAccountNumber: 'GB29NWBK60161331926819' })).toEqual([]);
    });

    it('refuses an account type other than checking or savings', () => {
      expect(issuesOf({ bankAccountType: 'brokerage' })[0]?.message).toBe(MESSAGES.wireBankFieldsRequired);
      expect(issuesOf({ bankAccountType: 'savings' })).toEqual([]);
    });

    it('offers wire only: any other payment method gets the wire message on the payment method', () => {
      for (const paymentMethod of ['ACH', 'PayPal', 'Cash']) {
        expect(issuesOf({ paymentMethod })[0]).toEqual({
          path: 'paymentMethod',
          message: MESSAGES.wireBankFieldsRequired,
        });
      }
    });
  });
});

describe('registration input filters', () => {
  it('the routing filter keeps digits only, at most 9', () => {
    expect(filterRoutingNumber('12a3-45 6')).toBe('123456');
    expect(filterRoutingNumber('12345678901234')).toBe('123456789');
    expect(filterRoutingNumber('abc')).toBe('');
    expect(filterRoutingNumber('０１２')).toBe('');
  });

  it('filters before it cuts: a pasted routing number with dashes keeps all nine digits', () => {
    expect(filterRoutingNumber('021-000-021')).toBe('021000021');
    expect(filterRoutingNumber('021-000-021-999')).toBe('021000021');
  });

  it('the account filter cuts to the longest account number after filtering', () => {
    const long = `${'AB12-'.repeat(10)}`;
    expect(filterAccountNumber(long)).toBe('AB12'.repeat(10).slice(0, BANK_ACCOUNT_NUMBER_MAX));
    expect(filterAccountNumber(long)).toHaveLength(BANK_ACCOUNT_NUMBER_MAX);
  });

  it('the account filter keeps letters and digits only', () => {
    expect(filterAccountNumber('GB29 NWBK-6016.1331')).toBe('GB29NWBK60161331');
    expect(filterAccountNumber('!@#$%')).toBe('');
    expect(filterAccountNumber('ab12CD')).toBe('ab12CD');
  });

  it('filtered values pass the schema rules', () => {
    const routing = filterRoutingNumber(' 0210-0002-1999 ');
    const account = filterAccountNumber('QX77 3412 5590');
    expect(issuesOf({ bankRoutingNumber: routing, bankAccountNumber: account })).toEqual([]);
  });
});

describe('the affiliate agreement', () => {
  it('starts at version 1.0, the current one', () => {
    expect(CURRENT_AGREEMENT_VERSION).toBe('1.0');
    expect(CURRENT_AGREEMENT).toBe(AGREEMENTS['1.0']);
  });

  it('states the terms of spec §9', () => {
    const text = CURRENT_AGREEMENT.sections.flatMap((s) => [s.heading, ...s.paragraphs]).join('\n');
    for (const term of [
      "thirty (30) days' written notice",
      '$1,000,000',
      'sixty (60) days',
      '365',
      '$50 per month for a Standard Package',
      '$100 per month for a Controller Package',
      'two (2) years',
      'Oregon',
      'arbitration',
      'written document signed by both parties',
    ]) {
      expect(text).toContain(term);
    }
  });
});
