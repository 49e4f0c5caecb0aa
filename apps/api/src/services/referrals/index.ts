// Referrals: the pipeline's deals, the rule of an active referral, referral-link visits, bookings captured as leads, client
// ownership and its conflicts, qualification windows and their digest, the partner's funnel.
export * from './active-referrals';
export * from './client-ownership';
export * from './conflicts';
export * from './funnel';
export * from './lead-capture';
export * from './qualification';
export * from './referral-visits';
export * from './referrals';
export * from './window-digest';
