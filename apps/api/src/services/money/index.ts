// Money: monthly accrual, adjustments, payouts (admin and partner views), statements, tax profiles, exports, the admin's metrics and charts.
export * from './accrual';
export * from './adjustments';
export * from './admin-metrics';
export * from './charts';
export * from './client-payments';
export * from './client-payment-import';
export * from './exports';
export * from './partner-payouts';
export * from './payouts';
export * from './statements';
export * from './tax-profiles';
