// Partners: the application and its decisions, the agreement, the admin's lists and partner page, a partner's own settings,
// metrics and totals, referral codes, the end of a partnership.
export * from './admin-partners';
export * from './agreement';
export * from './application';
export * from './partner-metrics';
export * from './partner-page';
export * from './partner-totals';
export * from './partnership-end';
export * from './referral-codes';
export * from './self-service';
