// The audit log's vocabulary without zod (the Activity screen imports it from the plain entry).

import { labelledEnum, oneOfMessage } from './labelled-enum';

/** What an activity row is about. */
export const { values: ACTIVITY_ENTITY_TYPES, labels: ACTIVITY_ENTITY_LABELS } = labelledEnum([
  ['user', 'User'],
  ['partner', 'Partner'],
  ['referral', 'Referral'],
  ['commission', 'Commission'],
  ['payout', 'Payout'],
  ['material', 'Material'],
  ['email', 'Email'],
  ['api_key', 'API key'],
  ['webhook', 'Webhook'],
  ['team_invitation', 'Team invitation'],
  ['program_settings', 'Program settings'],
  ['client_payment', 'Client payment'],
  ['program_terms', 'Program terms'],
  ['booking', 'Unplaced booking'],
]);
export type ActivityEntityType = (typeof ACTIVITY_ENTITY_TYPES)[number];

/** Who made a change: a signed-in user, an API key, or the system (timers, workers, the CLI). */
export const ACTIVITY_ACTOR_KINDS = ['user', 'apiKey', 'system'] as const;
export type ActivityActorKind = (typeof ACTIVITY_ACTOR_KINDS)[number];

/** The `actor` filter value that selects the system's own rows (no user, no key). */
export const SYSTEM_ACTOR = 'system';
export const SYSTEM_ACTOR_LABEL = 'System (timer / worker)';

export const ACTIVITY_PAGE_SIZE = 25;

export const ACTIVITY_MESSAGES = {
  badFrom: 'from must be a date (YYYY-MM-DD) or a date and time (ISO 8601 with a time zone)',
  badTo: 'to must be a date (YYYY-MM-DD) or a date and time (ISO 8601 with a time zone)',
  toBeforeFrom: 'to must not be before from',
  badEntityType: oneOfMessage('entityType', ACTIVITY_ENTITY_TYPES),
  badEntityId: 'entityId must be a UUID',
  badActor: "actor must be 'system', a user id, or (part of) a name or an email address, at most 254 characters",
  badAction: 'action must be a single line of at most 100 characters',
  exportFailed: 'Export failed',
} as const;
