// Reusable field rules. Each carries the spec's message for its failure.

import { z } from 'zod';
import { MESSAGES } from './messages';
import { fromCents, normaliseMoney, toCents } from './money';
import { EARLIEST_MONTH, MONTH_KEY } from './dates';
import { MONTHLY_VALUE_MAX, MONTHLY_VALUE_MIN, PASSWORD_MAX, PHONE_MIN } from './constants';
import { oneOfMessage } from './labelled-enum';

/** Empty strings and null from forms mean "not given" (spec §5: empty optional fields are sent as absent). */
export const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
/** An empty string means "not given" (an empty query parameter: no filter); null is left to the schema. */
export const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
/** An emptied field clears its value: an empty string becomes null. */
export const emptyToNull = (value: unknown) => (value === '' ? null : value);
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

// Line breaks (CR, LF, NEL, the Unicode line and paragraph separators) and the other control
// characters. A name or a number with a line break would start a new row in a spreadsheet.
// eslint-disable-next-line no-control-regex
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// Multi-line texts keep LF (CRLF is stored as LF); every other control character is refused.
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LF = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

export const singleLineMessage = (label: string) => `${label} must be a single line without control characters`;
export const controlCharactersMessage = (label: string) => `${label} cannot contain control characters`;

/** True for an absent value and for text without line breaks or control characters. */
export const isSingleLine = (value: string | null | undefined) => value == null || !CONTROL_OR_BREAK.test(value);

/** Refuses line breaks and control characters in a one-line field, naming the field. */
export function singleLine<T extends z.ZodType<string | null | undefined>>(label: string, schema: T) {
  return schema.refine(isSingleLine, singleLineMessage(label));
}

/** A text that may span lines: CRLF and CR become LF; other control characters are refused, naming the field. */
export function multiLine<T extends z.ZodType<string | null | undefined>>(label: string, schema: T) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n') : v),
    schema.refine((value) => value == null || !CONTROL_BUT_LF.test(value), controlCharactersMessage(label)),
  );
}

export const emailField = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, MESSAGES.invalidEmail)
  .pipe(z.email(MESSAGES.invalidEmail));

export function passwordField(min: number, minMessage: string) {
  return z.string({ error: minMessage }).min(min, minMessage).max(PASSWORD_MAX, MESSAGES.passwordMax);
}

/** The account's present password, asked again before a sensitive change; it is never trimmed. */
export const currentPasswordField = z
  .string({ error: MESSAGES.currentPasswordRequired })
  .min(1, MESSAGES.currentPasswordRequired)
  .max(PASSWORD_MAX, MESSAGES.passwordMax);

/**
 * A text that must be given, trimmed: `message` when it is missing or blank, `tooLong` above `max`
 * characters (the schema library's own words when none is given).
 */
export function requiredString(message: string, max: number, tooLong?: string) {
  return z.string({ error: message }).trim().min(1, message).max(max, tooLong);
}

export function requiredText(message: string, max = 200) {
  return requiredString(message, max, `Must be at most ${max} characters`);
}

export function optionalText(max = 2000) {
  return z.preprocess(
    (v) => blankToUndefined(trimmed(v)),
    z.string().max(max, `Must be at most ${max} characters`).optional(),
  );
}

/** What every website field says under its label, since a bare domain gets https:// in front. */
export const WEBSITE_DESCRIPTION = 'Optional; https:// is added if you leave it out';

/** Accepts "acme.com" as well as "https://acme.com" and stores the full address. */
export const optionalWebsite = singleLine(
  'Website',
  z.preprocess(
    (v) => {
      const value = blankToUndefined(trimmed(v));
      if (typeof value === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(value)) return `https://${value}`;
      return value;
    },
    z
      .string({ error: MESSAGES.invalidWebsite })
      .max(500, MESSAGES.invalidWebsite)
      .refine((value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
        } catch {
          return false;
        }
      }, MESSAGES.invalidWebsite)
      .optional(),
  ),
);

/**
 * A phone number as people write one: digits with spaces, dots, dashes or brackets, an optional leading +,
 * an optional extension ("ext. 12", "x12"), and at least seven digits; no letters or other characters.
 */
const PHONE_PATTERN = /^\+?[\d\s().-]+(?:\s*(?:ext\.?|x)\s*\d{1,6})?$/i;
const PHONE_MIN_DIGITS = 7;

export const optionalPhone = singleLine(
  'Phone',
  z.preprocess(
    (v) => blankToUndefined(trimmed(v)),
    z
      .string({ error: MESSAGES.invalidPhone })
      .min(PHONE_MIN, MESSAGES.invalidPhone)
      .max(30, MESSAGES.invalidPhone)
      // A line break is named by the single-line check, which reads better than "not a phone number".
      .refine(
        (value) =>
          !isSingleLine(value) || (PHONE_PATTERN.test(value) && (value.match(/\d/g)?.length ?? 0) >= PHONE_MIN_DIGITS),
        MESSAGES.invalidPhone,
      )
      .optional(),
  ),
);

export const optionalClientEmail = z.preprocess(
  (v) => blankToUndefined(trimmed(v)),
  z
    .string({ error: MESSAGES.invalidClientEmail })
    .toLowerCase()
    .max(254, MESSAGES.invalidClientEmail)
    .pipe(z.email(MESSAGES.invalidClientEmail))
    .optional(),
);

const MONTHLY_VALUE_MAX_CENTS = toCents(MONTHLY_VALUE_MAX);

/** A monthly value: a number or a decimal string, from 1 to 1,000,000.00; normalised to "1234.50". */
export const monthlyValueField = moneyInput(
  z.union([z.string(), z.number()], { error: MESSAGES.monthlyValueRequired }),
).transform((value, ctx) => {
  let cents: number;
  try {
    cents = toCents(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: MESSAGES.monthlyValueRequired });
    return z.NEVER;
  }
  if (cents < MONTHLY_VALUE_MIN * 100) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.monthlyValueRequired });
    return z.NEVER;
  }
  if (cents > MONTHLY_VALUE_MAX_CENTS) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.monthlyValueTooLarge });
    return z.NEVER;
  }
  return normaliseMoney(value);
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;

export function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value) && !ISO_DATE_TIME.test(value)) return false;
  const time = Date.parse(ISO_DATE.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  // Rejects impossible days such as 2026-02-31 (Date.parse rolls them over).
  if (ISO_DATE.test(value) && new Date(time).toISOString().slice(0, 10) !== value) return false;
  return year >= 1900 && year <= 2200;
}

/** How the document states a date input: a day or a timestamp, as `isRealDate` takes them. */
export const DAY_INPUT_META = {
  anyOf: [{ format: 'date' }, { format: 'date-time' }],
  description: 'A calendar day "YYYY-MM-DD"; a full ISO 8601 timestamp is cut to its day',
} as const;
const INSTANT_INPUT_META = {
  anyOf: [{ format: 'date-time' }, { format: 'date' }],
  description: 'An ISO 8601 timestamp, or a day "YYYY-MM-DD" (its midnight UTC)',
} as const;

/** A calendar day: "2026-11-22" (a full ISO timestamp is cut to its day). Null clears it. */
export const optionalDay = z
  .preprocess(
    emptyToUndefined,
    z
      .string({ error: MESSAGES.invalidDate })
      .refine(isRealDate, MESSAGES.invalidDate)
      .transform((value) => value.slice(0, 10))
      .nullable()
      .optional(),
  )
  .meta(DAY_INPUT_META);

/** An instant: an ISO date or date-time; returned as a full ISO string. Null clears it. */
export const optionalInstant = z
  .preprocess(
    emptyToUndefined,
    z
      .string({ error: MESSAGES.invalidDate })
      .refine(isRealDate, MESSAGES.invalidDate)
      .transform((value) => new Date(ISO_DATE.test(value) ? `${value}T00:00:00Z` : value).toISOString())
      .nullable()
      .optional(),
  )
  .meta(INSTANT_INPUT_META);

export const idField = z.uuid({ error: 'Not a valid id' });

/** A field that takes one of `values`; anything else is refused with oneOfMessage. */
export const oneOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: oneOfMessage(field, values) });

/** What an amount in an answer looks like: a decimal with two places, negative for a clawback. */
export const MONEY_PATTERN = /^-?\d+\.\d{2}$/;

/**
 * An amount in an answer: "1234.50". The document names it `Money`; its pattern and format are the
 * document's (the answers are built by `fromCents`), so a parse of an answer never refuses a legacy value.
 */
export const money = z.string().meta({
  id: 'Money',
  title: 'Money',
  description:
    'An amount in US dollars (USD, the only currency of the program): a decimal string with two places, negative for a clawback, e.g. "1234.50" or "-75.00".',
  pattern: MONEY_PATTERN.source,
  examples: ['1234.50'],
  // The currency, machine-readable: every amount of the program is in it (ISO 4217).
  'x-currency': 'USD',
});

/** An instant in an answer: an ISO 8601 timestamp in UTC ("2026-11-25T14:03:00.000Z"). */
export const timestamp = z.string().meta({ format: 'date-time' });

/** A calendar day in an answer: "2026-11-25". */
export const calendarDay = z.string().meta({ format: 'date' });

/** A month money is entered for: "2026-11", from 2000-01 on (whether it has started is the server's check). */
export const moneyMonthField = z
  .string({ error: MESSAGES.invalidMonth })
  .trim()
  .regex(MONTH_KEY, MESSAGES.invalidMonth)
  .refine((month) => month >= EARLIEST_MONTH, MESSAGES.monthTooEarly)
  .meta({ pattern: MONTH_KEY.source, examples: ['2026-11'] });

/** A month in an answer: "2026-11". */
export const monthKeyString = z.string().meta({ pattern: MONTH_KEY.source, examples: ['2026-11'] });

/**
 * Marks a money input: the document shows it as `MoneyInput`, a decimal string with at most two places
 * or a number (what `toCents` accepts), whatever the field's own range and messages.
 */
export function moneyInput<T extends z.ZodType>(schema: T): T {
  return schema.meta({ moneyInput: true });
}

/**
 * A money input from 0 (or above 0 when `zero` is false) to `max`, read as "12.30"; anything else,
 * a malformed amount included, is refused with `message`.
 */
export function moneyAmountField(message: string, range: { max: string; zero: boolean }) {
  return moneyInput(z.union([z.string(), z.number()], { error: message })).transform((value, ctx) => {
    try {
      const cents = toCents(value);
      if ((range.zero ? cents >= 0 : cents > 0) && cents <= toCents(range.max)) return fromCents(cents);
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}
