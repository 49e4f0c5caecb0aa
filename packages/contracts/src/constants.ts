// Business constants of spec §9 and DESIGN §4, in one place.

export const PRODUCT_NAME = 'Ledgerline';
export const AUTH_TOKEN_KEY = 'auth_token';
export const THEME_KEY = 'theme';
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 604800;
export const MOBILE_BREAKPOINT_PX = 768;
export const AGREEMENT_SCROLL_THRESHOLD_PX = 10;
export const TOAST_DURATION_MS = 5000;
/**
 * The most procedure calls one tRPC batch request may carry: the server refuses a larger batch (400), so the
 * web client splits its batches at the same size (a screen refreshing after a decision easily asks for more).
 */
export const TRPC_MAX_BATCH_SIZE = 20;

export const AUTH_PASSWORD_MIN = 6;
export const ADMIN_PARTNER_PASSWORD_MIN = 8;
/** Administrator accounts (create-admin, ADMIN_PASSWORD) need a longer password. */
export const ADMIN_ACCOUNT_PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;
export const PHONE_MIN = 10;
export const ROUTING_NUMBER_LENGTH = 9;
export const MONTHLY_VALUE_MIN = 1;
/** The largest monthly value of one deal: partner totals (numeric(14,2)) hold a million of them. */
export const MONTHLY_VALUE_MAX = '1000000.00';
/** Longest bank account number (IBAN length); the form keeps at most this many characters. */
export const BANK_ACCOUNT_NUMBER_MAX = 34;
/** numeric(10,2) holds at most 99,999,999.99. */
export const MONEY_MAX = '99999999.99';
/** An adjustment (bonus or clawback) is at most this much either way. */
export const ADJUSTMENT_MAX = '100000.00';

export const DEFAULT_AGREEMENT_VERSION = '1.0';
/**
 * The defaults of the agreement's first terms version, until program terms are data: a client
 * introduced by a partner belongs to that partner for this many days from the referral's creation.
 */
export const AGREEMENT_DEFAULTS = { qualificationDays: 60 } as const;
/**
 * Mail domains anyone can sign up to: a shared domain says nothing about the company, so only the
 * exact address counts there (a business domain matches every address on it).
 */
export const FREE_MAIL_DOMAINS: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.net',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'fastmail.com',
];
export const DEFAULT_EXPECTED_VOLUME = '3-5 referrals/month';
export const DEFAULT_COMPANY_TYPE = 'agency';
export const REVIEW_TIME = '1-2 business days';
export const CONSULTATION_MINUTES = 30;

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
