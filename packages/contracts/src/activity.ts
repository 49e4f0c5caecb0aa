// The audit log: the filters of GET /api/admin/activity and its CSV export, and one entry.

import { z } from 'zod';
import { ACTIVITY_ACTOR_KINDS, ACTIVITY_ENTITY_TYPES, ACTIVITY_MESSAGES, ACTIVITY_PAGE_SIZE } from './activity-kinds';
import { pageLimitField, pageOffsetField, pageOutputOf } from './paging';
import { isRealDate, isSingleLine, timestamp } from './fields';

/** A blank query parameter or form field means "no filter". */
const blank = (v: unknown) =>
  typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A real calendar day ("2026-02-30" is not; `isRealDate`, as every date field) or an instant with its time zone. */
function isInstant(value: string): boolean {
  if (DAY.test(value)) return isRealDate(value);
  return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

/** A calendar day (UTC) or an instant; `end` makes a bare day mean its last moment (an inclusive `to`). */
function instant(message: string, end: boolean) {
  return z.preprocess(
    blank,
    z
      .string({ error: message })
      .refine(isInstant, message)
      .transform((value) =>
        DAY.test(value) ? new Date(Date.parse(`${value}T00:00:00Z`) + (end ? 86_400_000 - 1 : 0)) : new Date(value),
      )
      .optional(),
  );
}

/** A text filter: one line of at most `max` characters, blank when absent; anything else is refused with `message`. */
const lineFilter = (max: number, message: string) =>
  z.preprocess(blank, z.string({ error: message }).max(max, message).refine(isSingleLine, message).optional());

export const activityFilters = {
  actor: lineFilter(254, ACTIVITY_MESSAGES.badActor),
  entityType: z.preprocess(blank, z.enum(ACTIVITY_ENTITY_TYPES, { error: ACTIVITY_MESSAGES.badEntityType }).optional()),
  entityId: z.preprocess(blank, z.uuid({ error: ACTIVITY_MESSAGES.badEntityId }).optional()),
  action: lineFilter(100, ACTIVITY_MESSAGES.badAction),
  from: instant(ACTIVITY_MESSAGES.badFrom, false),
  to: instant(ACTIVITY_MESSAGES.badTo, true),
};

const toNotBeforeFrom = (value: { from?: Date | undefined; to?: Date | undefined }) =>
  !value.from || !value.to || value.to.getTime() >= value.from.getTime();

/** The filters alone (the CSV export takes every matching row). */
export const activityFilterInput = z
  .object(activityFilters)
  .refine(toNotBeforeFrom, { message: ACTIVITY_MESSAGES.toBeforeFrom, path: ['to'] });
export type ActivityFilterInput = z.input<typeof activityFilterInput>;
export type ActivityFilter = z.output<typeof activityFilterInput>;

export const listActivityInput = z
  .object({
    ...activityFilters,
    limit: pageLimitField(ACTIVITY_PAGE_SIZE),
    offset: pageOffsetField,
  })
  .refine(toNotBeforeFrom, { message: ACTIVITY_MESSAGES.toBeforeFrom, path: ['to'] })
  .default({ limit: ACTIVITY_PAGE_SIZE, offset: 0 });
export type ListActivityInput = z.input<typeof listActivityInput>;

export const activityActorOutput = z.object({
  kind: z.enum(ACTIVITY_ACTOR_KINDS),
  /** The user's or key's id; null for the system. */
  id: z.string().nullable(),
  /** What the screen shows: the user's name and email, the key's name, or "System (timer / worker)". */
  label: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
});
export type ActivityActor = z.infer<typeof activityActorOutput>;

/** One changed field of an entry whose details carry { before, after }; values as display text, null when absent. */
export const activityChangeOutput = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type ActivityChange = z.infer<typeof activityChangeOutput>;

export const activityEntryOutput = z.object({
  id: z.uuid(),
  createdAt: timestamp,
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** The entity's name as people know it (a company, a client, a payout reference); null when it is gone. */
  subject: z.string().nullable(),
  /** The partner the entry concerns, by company name; null when none. */
  partnerName: z.string().nullable(),
  actor: activityActorOutput,
  /** The before/after pairs of the change, when it has them (only changed fields; secrets masked). */
  changes: z.array(activityChangeOutput),
  /** The rest of what the change recorded (ids, reasons, counts), without before/after. */
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntryOutput>;

export const activityPageOutput = pageOutputOf(activityEntryOutput);
export type ActivityPage = z.infer<typeof activityPageOutput>;
