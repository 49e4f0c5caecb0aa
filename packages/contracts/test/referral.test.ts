import { describe, expect, it } from 'vitest';
import { addClientInput, createReferralInput, MESSAGES, referralVisitInput, updateReferralInput } from '../src';
import { firstMessage } from './first-message';

describe('createReferralInput', () => {
  it('defaults the service to basic accounting and normalises the monthly value', () => {
    expect(createReferralInput.parse({ clientCompanyName: ' Store ', monthlyValue: '12.5' })).toMatchObject({
      clientCompanyName: 'Store',
      serviceType: 'basic_accounting',
      monthlyValue: '12.50',
    });
    expect(createReferralInput.parse({ clientCompanyName: 'Store', monthlyValue: 1 }).monthlyValue).toBe('1.00');
  });

  it.each([['0'], ['0.99'], [''], ['abc'], [0.5], ['1.234']])(
    'refuses monthly value %j with the spec message',
    (monthlyValue) => {
      expect(firstMessage(createReferralInput.safeParse({ clientCompanyName: 'Store', monthlyValue }))).toBe(
        MESSAGES.monthlyValueRequired,
      );
    },
  );

  it('refuses a value beyond the documented maximum of 1,000,000.00', () => {
    expect(MESSAGES.monthlyValueTooLarge).toBe('Monthly value must be at most 1,000,000.00');
    for (const monthlyValue of ['1000000.01', '99999999.99', 1_000_001]) {
      expect(firstMessage(createReferralInput.safeParse({ clientCompanyName: 'Store', monthlyValue }))).toBe(
        MESSAGES.monthlyValueTooLarge,
      );
      expect(
        firstMessage(
          addClientInput.safeParse({
            partnerId: '00000000-0000-4000-8000-000000000000',
            clientCompanyName: 'Store',
            serviceType: 'controller',
            monthlyValue,
          }),
        ),
      ).toBe(MESSAGES.monthlyValueTooLarge);
    }
    expect(createReferralInput.parse({ clientCompanyName: 'Store', monthlyValue: '1000000' }).monthlyValue).toBe(
      '1000000.00',
    );
  });

  it('refuses a line break or control character in the company name and phone, naming the field', () => {
    for (const bad of ['Acme\n=1+1', 'Acme\r=1+1', 'Acme\u2028=1', 'Ac\u0000me', 'Ac\tme', 'Acme\u0085x']) {
      expect(firstMessage(createReferralInput.safeParse({ clientCompanyName: bad, monthlyValue: '5' }))).toBe(
        'Company name must be a single line without control characters',
      );
    }
    expect(
      firstMessage(
        createReferralInput.safeParse({
          clientCompanyName: 'Store',
          monthlyValue: '5',
          clientPhone: '503 555 0100\n=1',
        }),
      ),
    ).toBe('Phone must be a single line without control characters');
  });

  it('keeps line breaks in notes (CRLF stored as LF) and refuses other control characters there', () => {
    expect(
      createReferralInput.parse({ clientCompanyName: 'Store', monthlyValue: '5', notes: 'one\r\ntwo\rthree' }).notes,
    ).toBe('one\ntwo\nthree');
    expect(
      firstMessage(createReferralInput.safeParse({ clientCompanyName: 'Store', monthlyValue: '5', notes: 'a\u0000b' })),
    ).toBe('Notes cannot contain control characters');
  });

  it('treats empty optional fields as absent and turns a day into an instant', () => {
    const parsed = createReferralInput.parse({
      clientCompanyName: 'Store',
      monthlyValue: '5',
      clientEmail: '',
      clientPhone: '',
      notes: '',
      consultationDate: '2026-11-03',
    });
    expect(parsed).toMatchObject({
      clientEmail: undefined,
      clientPhone: undefined,
      notes: undefined,
      consultationDate: '2026-11-03T00:00:00.000Z',
    });
  });

  it('requires a company name', () => {
    expect(firstMessage(createReferralInput.safeParse({ clientCompanyName: '', monthlyValue: '5' }))).toBe(
      MESSAGES.companyNameRequired,
    );
  });
});

describe('addClientInput', () => {
  const valid = {
    partnerId: '5f0c8a8e-8f2e-4c59-9d4b-7a1f2d3c4b5a',
    clientCompanyName: 'Client',
    serviceType: 'controller',
    monthlyValue: '900',
  };

  it.each([
    ['partnerId', '', MESSAGES.selectAffiliate],
    ['clientCompanyName', '', MESSAGES.companyNameRequired],
    ['clientEmail', 'bad', MESSAGES.invalidClientEmail],
    ['serviceType', undefined, MESSAGES.serviceTypeRequired],
    ['monthlyValue', '', MESSAGES.monthlyValueRequired],
    ['contractStartDate', '2026-13-01', MESSAGES.invalidDate],
  ])('refuses %s = %j with its message', (field, value, message) => {
    expect(firstMessage(addClientInput.safeParse({ ...valid, [field]: value }))).toBe(message);
  });

  it('keeps contract days as days', () => {
    expect(addClientInput.parse({ ...valid, contractStartDate: '2026-01-15T10:00:00Z' }).contractStartDate).toBe(
      '2026-01-15',
    );
  });
});

describe('updateReferralInput', () => {
  const id = '5f0c8a8e-8f2e-4c59-9d4b-7a1f2d3c4b5a';
  it('accepts the five stages only', () => {
    for (const stage of ['booked', 'qualified', 'proposal', 'won', 'lost'])
      expect(updateReferralInput.safeParse({ id, stage }).success).toBe(true);
    expect(firstMessage(updateReferralInput.safeParse({ id, stage: 'closed' }))).toBe(MESSAGES.invalidStage);
  });

  it('turns an empty lost reason into a cleared one', () => {
    expect(updateReferralInput.parse({ id, lostReason: '' }).lostReason).toBeNull();
  });
});

describe('referralVisitInput', () => {
  it('drops empty UTM fields and requires a code', () => {
    expect(referralVisitInput.parse({ referralCode: 'ACME-1234', utmSource: '', utmCampaign: 'fall' })).toEqual({
      referralCode: 'ACME-1234',
      utmCampaign: 'fall',
    });
    expect(referralVisitInput.safeParse({ referralCode: '' }).success).toBe(false);
  });
});
