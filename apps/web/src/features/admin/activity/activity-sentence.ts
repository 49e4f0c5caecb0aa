// The sentence an Activity row and a partner page's activity row read as, from the entry the list
// query answered with names joined in.

import { activitySentence, type ActivityActor, type ActivityEntry, type PartnerActivityEntry } from '@portal/contracts';

/** Who acted, as the start of a sentence: their name, else their email, the key, or the system. */
export function actorWho(actor: Pick<ActivityActor, 'kind' | 'name' | 'email' | 'label'>): string {
  if (actor.kind === 'system') return 'The system';
  if (actor.kind === 'apiKey') return actor.label;
  return actor.name ?? actor.email ?? actor.label;
}

export const entrySentence = (entry: ActivityEntry) =>
  activitySentence({
    action: entry.action,
    who: actorWho(entry.actor),
    subject: entry.subject,
    partnerName: entry.partnerName,
    details: entry.details,
    changes: entry.changes,
  });

/** A partner page's row: the partner is the page's own. */
export const partnerEntrySentence = (entry: PartnerActivityEntry, partnerName: string | null) =>
  activitySentence({
    action: entry.action,
    who: entry.actorName ?? entry.actorEmail ?? 'The system',
    subject: entry.subject,
    partnerName,
    details: entry.details,
  });
