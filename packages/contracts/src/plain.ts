// The zod-free part of the contracts: constants, enums, labels, messages, money and dates.
// The SPA's first screen imports this entry so the schema library loads only with the forms.
export * from './activity-kinds';
export * from './activity-sentences';
export * from './agreement';
export * from './constants';
export * from './dates';
export * from './enums';
export * from './messages';
export * from './money';
export * from './tax-enums';
export * from './ui';
