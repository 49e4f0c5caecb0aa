// Partners: the application and its decisions, the admin's lists and partner page, a partner's own settings, metrics and totals, referral codes.
export * from './admin-partners';
export * from './application';
export * from './partner-metrics';
export * from './partner-page';
export * from './partner-totals';
export * from './referral-codes';
export * from './self-service';
