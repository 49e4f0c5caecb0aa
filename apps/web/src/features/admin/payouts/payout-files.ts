// The file each payment method of a payout makes: its path under the payout, its name and its words.

import type { PaymentMethod } from '@portal/contracts';

export const PAYOUT_FILES: Record<PaymentMethod, { path: string; name: (reference: string) => string; label: string }> =
  {
    ACH: { path: 'ach.txt', name: (reference) => `ach-${reference}.txt`, label: 'ACH file (NACHA)' },
    PayPal: { path: 'paypal.csv', name: (reference) => `paypal-${reference}.csv`, label: 'PayPal batch (CSV)' },
    Wire: {
      path: 'wire-instructions.csv',
      name: (reference) => `wire-instructions-${reference}.csv`,
      label: 'Wire instructions (CSV)',
    },
  };

export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = { ACH: 'ACH', PayPal: 'PayPal', Wire: 'Wire' };
