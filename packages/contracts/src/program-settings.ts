// The program's settings: how fees are earned and the rules the Payout Processor follows.

import { z } from 'zod';
import { money, moneyAmountField, timestamp } from './fields';
import { labelledEnum, oneOfMessage } from './labelled-enum';

/** `clientPayment`: a recorded client payment earns the month's fee (the agreement's rule, the default);
 * `activeMonth`: every month a won client is active earns it (a firm whose clients all pay by debit). */
export const { values: FEE_BASES, labels: FEE_BASIS_LABELS } = labelledEnum([
  ['clientPayment', 'When the client pays (the agreement)'],
  ['activeMonth', 'Every active month (automatic debit)'],
]);
export type FeeBasis = (typeof FEE_BASES)[number];

export const MINIMUM_PAYOUT_MAX = '100000.00';
export const PAYOUT_HOLD_DAYS_MAX = 365;

export const PROGRAM_SETTINGS_MESSAGES = {
  feeBasis: oneOfMessage('feeBasis', FEE_BASES),
  minimumPayout: 'The minimum payout must be an amount from 0.00 to 100,000.00 with at most two decimals',
  payoutHoldDays: `The hold must be a whole number of days from 0 to ${PAYOUT_HOLD_DAYS_MAX}`,
  payoutDay: 'The payout day must be a day of the month from 1 to 28',
  supportEmail: 'The support address must be an email address such as partners@example.com',
  nothingToChange: 'Give at least one setting to change',
} as const;

const minimumPayoutField = moneyAmountField(PROGRAM_SETTINGS_MESSAGES.minimumPayout, {
  max: MINIMUM_PAYOUT_MAX,
  zero: true,
});

export const programSettingsOutput = z.object({
  feeBasis: z.enum(FEE_BASES),
  /** Decimal string: a partner's payable total below it waits for a later payout. */
  minimumPayout: money,
  /** Days after a fee's due date before the processor offers it. */
  payoutHoldDays: z.number().int(),
  /** The day of the month (1–28) the processor proposes for the next payout. */
  payoutDay: z.number().int(),
  /** Where a partner writes with questions (the rejected screen and the rejection mail name it); null until set. */
  supportEmail: z.string().nullable(),
  updatedAt: timestamp,
  /** The email of the member who changed them last; null while they are the defaults. */
  updatedBy: z.string().nullable(),
});
export type ProgramSettings = z.infer<typeof programSettingsOutput>;

export const updateProgramSettingsInput = z
  .object({
    feeBasis: z.enum(FEE_BASES, { error: PROGRAM_SETTINGS_MESSAGES.feeBasis }).optional(),
    minimumPayout: minimumPayoutField.optional(),
    payoutHoldDays: z
      .number({ error: PROGRAM_SETTINGS_MESSAGES.payoutHoldDays })
      .int(PROGRAM_SETTINGS_MESSAGES.payoutHoldDays)
      .min(0, PROGRAM_SETTINGS_MESSAGES.payoutHoldDays)
      .max(PAYOUT_HOLD_DAYS_MAX, PROGRAM_SETTINGS_MESSAGES.payoutHoldDays)
      .optional(),
    payoutDay: z
      .number({ error: PROGRAM_SETTINGS_MESSAGES.payoutDay })
      .int(PROGRAM_SETTINGS_MESSAGES.payoutDay)
      .min(1, PROGRAM_SETTINGS_MESSAGES.payoutDay)
      .max(28, PROGRAM_SETTINGS_MESSAGES.payoutDay)
      .optional(),
    /** An empty value clears it. */
    supportEmail: z
      .union([z.literal('').transform(() => null), z.null(), z.email(PROGRAM_SETTINGS_MESSAGES.supportEmail).max(254)])
      .optional(),
  })
  .strict()
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: PROGRAM_SETTINGS_MESSAGES.nothingToChange,
  });
export type UpdateProgramSettingsInput = z.infer<typeof updateProgramSettingsInput>;
