// Money: fees on client payments (recorded, imported, from Stripe, refunded), the monthly accrual, adjustments, payouts and their
// lines and bank files, banking days, partner payouts, statements, tax profiles, exports, the admin's metrics and charts.
export * from './accrual';
export * from './adjustments';
export * from './admin-metrics';
export * from './bank-files';
export * from './business-days';
export * from './charts';
export * from './client-payment-import';
export * from './client-payment-refunds';
export * from './client-payments';
export * from './exports';
export * from './partner-payouts';
export * from './payout-lines';
export * from './payouts';
export * from './statements';
export * from './stripe-payments';
export * from './tax-profiles';
