// Referrals: the pipeline's deals, the rule of an active referral, referral-link visits.
export * from './active-referrals';
export * from './referral-visits';
export * from './referrals';
