// The audit log in words: one sentence per entry, "Alex Rivera moved Nimbus Pet Supply to Won", from the
// actor's name, the entity's name the list query joins in, and what the entry recorded. An action without
// a sentence of its own reads "<who>: <action in words> <name>", so a new action is never left out.

import { ADMIN_ROLE_LABELS, REFERRAL_STAGE_LABELS, type AdminRole, type ReferralStage } from './enums';
import { formatDate, formatMonthKey } from './dates';
import { formatMoney } from './money';
import { plural } from './ui';

export interface ActivityFacts {
  action: string;
  /** Who acted, as a person reads it: a name, an email, "API key …" or "The system". */
  who: string;
  /** The entity's name (a company, a client, a payout reference); null when it is gone. */
  subject: string | null;
  /** The partner the entry concerns, by company name. */
  partnerName: string | null;
  /** What the entry recorded; before/after pairs may sit in it or in `changes`. */
  details: Record<string, unknown> | null;
  changes?: ReadonlyArray<{ field: string; before: string | null; after: string | null }>;
}

/** 'referral.stage_changed' → 'Referral stage changed'. */
export const activityActionLabel = (action: string) => {
  const text = action.replace(/[._]/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
const money = (value: unknown): string | null => {
  const amount = text(value);
  return amount && /^-?\d+(\.\d+)?$/.test(amount) ? formatMoney(amount.replace(/^-/, '')) : null;
};
const month = (value: unknown): string | null => {
  const key = text(value);
  return key && /^\d{4}-\d{2}$/.test(key) ? formatMonthKey(key) : null;
};
const stage = (value: string | null) => (value ? (REFERRAL_STAGE_LABELS[value as ReferralStage] ?? value) : null);

/** The value a field changed to, from `changes` or from the details' `after`. */
function changedTo(facts: ActivityFacts, field: string): string | null {
  const change = facts.changes?.find((item) => item.field === field);
  if (change) return change.after;
  const after = facts.details?.after;
  return after && typeof after === 'object' ? text((after as Record<string, unknown>)[field]) : null;
}

/** The value a field changed from, from `changes` or from the details' `before`. */
function changedFrom(facts: ActivityFacts, field: string): string | null {
  const change = facts.changes?.find((item) => item.field === field);
  if (change) return change.before;
  const was = facts.details?.before;
  return was && typeof was === 'object' ? text((was as Record<string, unknown>)[field]) : null;
}

type Sentence = (facts: ActivityFacts, d: Record<string, unknown>) => string;

/** "of Nimbus Pet Supply" or "" when the name is unknown. */
const of = (name: string | null) => (name ? ` of ${name}` : '');
const forPartner = (facts: ActivityFacts) => (facts.partnerName ? ` for ${facts.partnerName}` : '');
const client = (facts: ActivityFacts, d: Record<string, unknown>) =>
  facts.subject ?? text(d.clientCompanyName) ?? 'a client';
const partner = (facts: ActivityFacts) => facts.subject ?? facts.partnerName ?? 'a partner';
/** "a $25.00 bonus", or "a bonus" without an amount. */
const sized = (article: string, amount: unknown, noun: string) =>
  money(amount) ? `${article} ${money(amount)} ${noun}` : `${article} ${noun}`;
const reason = (d: Record<string, unknown>) => (text(d.reason) ? `: ${text(d.reason)}` : '');
const inMonth = (value: unknown) => (month(value) ? ` for ${month(value)}` : '');
const monthNote = (value: unknown) => (month(value) ? ` (${month(value)})` : '');
/** "Dec 27, 2026" from a "YYYY-MM-DD" (or an ISO instant), null for anything else. */
const day = (value: unknown): string | null => {
  const key = text(value);
  return key && /^\d{4}-\d{2}-\d{2}/.test(key) ? formatDate(key.slice(0, 10)) : null;
};
const role = (value: unknown) => ADMIN_ROLE_LABELS[text(value) as AdminRole] ?? text(value);
const count = (value: unknown, one: string, many: string) =>
  Number.isFinite(Number(value)) ? plural(Number(value), one, many) : many;
/** The entity's name, else a field of the details that named it (an email, a URL), else `fallback`. */
const named = (facts: ActivityFacts, d: Record<string, unknown>, field: string, fallback: string) =>
  facts.subject ?? text(d[field]) ?? fallback;
const webhook = (f: ActivityFacts, d: Record<string, unknown>) => {
  const url = named(f, d, 'url', '');
  return url ? `the webhook ${url}` : 'a webhook';
};
const apiKey = (f: ActivityFacts, d: Record<string, unknown>) => {
  const name = named(f, d, 'name', '');
  return name ? `the API key ${name}` : 'an API key';
};
const material = (f: ActivityFacts) => (f.subject ? `the material ${f.subject}` : 'a material');
const upper = (sentence: string) => sentence.charAt(0).toUpperCase() + sentence.slice(1);
const payoutName = (facts: ActivityFacts, d: Record<string, unknown>) =>
  `payout ${facts.subject ?? text(d.reference) ?? ''}`.trim();

const SENTENCES: Record<string, Sentence> = {
  'referral.stage_changed': (f, d) => {
    const to = stage(changedTo(f, 'stage'));
    return `${f.who} moved ${client(f, d)}${to ? ` to ${to}` : ' to another stage'}`;
  },
  'referral.updated': (f, d) => `${f.who} updated the deal${of(client(f, d))}`,
  'referral.created': (f, d) => `${f.who} referred ${client(f, d)}`,
  'referral.client_added': (f, d) => `${f.who} added ${client(f, d)} as a client${forPartner(f)}`,
  'referral.booked': (f, d) => `${client(f, d)} booked a consultation through ${f.partnerName ?? 'a partner'}’s link`,
  'referral.lead_received': (f, d) =>
    `${client(f, d)} came in as a lead through ${f.partnerName ?? 'a partner'}’s link`,
  'referral.booking_attached': (f, d) => `${client(f, d)}’s consultation was booked`,
  'referral.booking_rescheduled': (f, d) => `${client(f, d)}’s consultation was rescheduled`,
  'referral.booking_cancelled': (f, d) => `${client(f, d)}’s consultation was cancelled`,
  'referral.conflict_resolved': (f, d) => `${f.who} resolved the conflict over ${client(f, d)}`,
  'booking.placed': (f, d) =>
    `${f.who} placed the booking of ${f.subject ?? text(d.clientEmail) ?? 'a client'} with ${f.partnerName ?? 'a partner'}`,
  'booking.dismissed': (f, d) =>
    `${f.who} dismissed the booking of ${f.subject ?? text(d.clientEmail) ?? 'a client'}${reason(d)}`,
  'partner.applied': (f) => `${partner(f)} applied to the program`,
  'partner.approved': (f) => `${f.who} approved ${partner(f)}`,
  'partner.rejected': (f, d) => `${f.who} rejected ${partner(f)}${reason(d)}`,
  'partner.suspended': (f, d) => `${f.who} suspended ${partner(f)}${reason(d)}`,
  'partner.reactivated': (f) => `${f.who} reactivated ${partner(f)}`,
  'partner.created': (f) => `${f.who} created the partner ${partner(f)}`,
  'partner.profile_updated': (f) => `${f.who} updated the profile of ${partner(f)}`,
  'partner.bank_details_updated': (f) => `${f.who} changed the payment details of ${partner(f)}`,
  'commission.bonus_added': (f, d) =>
    `${f.who} added ${sized('a', d.amount, 'bonus')}${forPartner(f)}${monthNote(d.monthYear)}${reason(d)}`,
  'commission.clawback_added': (f, d) =>
    `${f.who} added ${sized('a', d.amount, 'clawback')}${forPartner(f)}${monthNote(d.monthYear)}${reason(d)}`,
  'commission.voided': (f, d) =>
    `${f.who} voided ${sized('the', d.amount, 'fee')}${forPartner(f)}${f.subject ? ` on ${f.subject}` : ''}${reason(d)}`,
  'commission.failed': (f, d) =>
    `${f.who} marked ${sized('the', d.amount, 'fee')}${forPartner(f)} failed${
      text(changedTo(f, 'failureReason')) ? `: ${changedTo(f, 'failureReason')}` : ''
    }`,
  'commission.retried': (f) => `${f.who} offered the failed fee${forPartner(f)} for payout again`,
  'commission.reoffered': (f) => `${f.who} offered the failed fee${forPartner(f)} for payout again`,
  'commissions.accrued': (f, d) =>
    `${f.who} accrued ${plural(Number(d.created ?? 0), 'fee', 'fees')}${inMonth(d.month)}`,
  'client_payment.recorded': (f, d) => {
    const fee = money(d.fee);
    return `${f.who} recorded ${client(f, d)}’s payment of ${money(d.amount) ?? 'an amount'}${inMonth(d.periodMonth)}${fee ? `, earning ${f.partnerName ?? 'the partner'} ${fee}` : ''}`;
  },
  'client_payment.refunded': (f, d) =>
    `${client(f, d)}’s payment was refunded${money(d.refunded) ? ` (${money(d.refunded)} in all)` : ''}`,
  'client_payments.imported': (f, d) =>
    `${f.who} imported ${plural(Number(d.recorded ?? d.count ?? 0), 'client payment', 'client payments')}`,
  'client_payment.stripe_event_dismissed': (f) => `${f.who} dismissed a Stripe payment that named no client`,
  'payout.processed': (f, d) => {
    const partners = Array.isArray(d.partners) ? d.partners.length : null;
    return `${f.who} paid ${payoutName(f, d)}: ${money(d.total) ?? ''}${partners !== null ? ` to ${plural(partners, 'partner', 'partners')}` : ''}`;
  },
  'payout.sent': (f, d) => `${f.who} marked ${payoutName(f, d)} as sent`,
  'payout.line_confirmed': (f, d) => `${f.who} confirmed the payment${forPartner(f)} in ${payoutName(f, d)}`,
  'payout.line_returned': (f, d) =>
    `${f.who} recorded the payment${forPartner(f)} in ${payoutName(f, d)} as returned${reason(d)}`,
  'payout.ach_file_downloaded': (f, d) => `${f.who} downloaded the ACH file of ${payoutName(f, d)}`,
  'payout.paypal_batch_downloaded': (f, d) => `${f.who} downloaded the PayPal batch of ${payoutName(f, d)}`,
  'payout.wire_instructions_downloaded': (f, d) => `${f.who} downloaded the wire instructions of ${payoutName(f, d)}`,
  'material.created': (f) => `${f.who} added the material ${f.subject ?? ''}`.trim(),
  'material.updated': (f) => `${f.who} edited ${material(f)}`,
  'material.activated': (f) => `${f.who} showed ${material(f)} to partners again`,
  'material.deactivated': (f) => `${f.who} hid ${material(f)} from partners`,
  'tax_profile.saved': (f) => `${f.who} certified the tax information${of(f.subject)}`,
  'tax_profile.replaced': (f) => `${f.who} replaced the tax information${of(f.subject)}`,
  'user.mfa_verified': (f) => `${f.who} signed in with a two-factor code`,
  'user.mfa_recovery_code_used': (f) => `${f.who} signed in with a recovery code`,
  'material.downloaded': (f) => `${f.who} downloaded ${f.subject ?? 'a material'}`,
  'team.invited': (f) => `${f.who} invited ${f.subject ?? 'a team member'}`,
  'team.invitation_accepted': (f) => `${f.who} joined the team`,
  'user.registered': (f) => `${f.subject ?? f.who} signed up`,
  'user.display_name_changed': (f) => {
    const to = text(changedTo(f, 'displayName'));
    const was = changedFrom(f, 'displayName');
    return `${f.who} ${to ? `set their name to ${to}` : 'removed their name'}${was ? ` (was ${was})` : ''}`;
  },
  'demo.seeded': (f, d) =>
    `${f.who} filled the portal with demo data${Number(d.partners) > 0 ? ` (${plural(Number(d.partners), 'partner', 'partners')})` : ''}`,
  'referral.window_extended': (f, d) =>
    `${f.who} extended ${client(f, d)}’s qualification window${Number(d.days) > 0 ? ` by ${count(d.days, 'day', 'days')}` : ''}${reason(d)}`,
  'referral.qualification_overridden': (f, d) => {
    const qualifying = changedTo(f, 'qualifying');
    const why = text(changedTo(f, 'qualificationReason'));
    const ruling = qualifying === 'true' ? 'qualifies' : qualifying === 'false' ? 'does not qualify' : null;
    return `${f.who} ${ruling ? `decided that ${client(f, d)} ${ruling}` : `decided whether ${client(f, d)} qualifies`}${why ? `: ${why}` : ''}`;
  },
  'partner.agreement_accepted': (f) => {
    const version = changedTo(f, 'agreementVersion');
    return `${f.who} accepted the affiliate agreement${version ? ` (version ${version})` : ''}${f.subject ? ` for ${f.subject}` : ''}`;
  },
  'partner.bank_numbers_reencrypted': (f, d) =>
    `${f.who} re-encrypted the bank numbers of ${count(Array.isArray(d.partnerIds) ? d.partnerIds.length : null, 'partner', 'partners')}`,
  'partner.fees_forfeited': (f, d) =>
    `${f.who} forfeited ${count(d.voided, 'unpaid fee', 'unpaid fees')}${money(d.amount) ? ` (${money(d.amount)})` : ''} and the future fees of ${partner(f)}${reason(d)}`,
  'partner.notice_given': (f, d) => {
    const by = d.givenBy === 'firm' ? ' for the firm' : d.givenBy === 'partner' ? ' for the partner' : '';
    return `${f.who} gave notice${by}, ending ${partner(f)}’s partnership${day(d.effectiveDate) ? ` on ${day(d.effectiveDate)}` : ''}${reason(d)}`;
  },
  'partner.notice_withdrawn': (f) => {
    const ending = day(changedFrom(f, 'effectiveDate'));
    return `${f.who} withdrew the notice ending ${partner(f)}’s partnership${ending ? ` on ${ending}` : ''}: it continues`;
  },
  'partner.terminated': (f, d) =>
    `${partner(f)}’s partnership ended${day(d.effectiveDate) ? ` on ${day(d.effectiveDate)}` : ''}: the partner is inactive`,
  'program_terms.published': (f, d) =>
    `${f.who} published version ${text(d.version) ?? '?'} of the program terms${text(d.agreementVersion) ? ` (agreement ${text(d.agreementVersion)})` : ''}${day(d.effectiveFrom) ? `, in force from ${day(d.effectiveFrom)}` : ''}`,
  'api_key.created': (f, d) => `${f.who} created ${apiKey(f, d)}`,
  'api_key.revoked': (f, d) => `${f.who} revoked ${apiKey(f, d)}${reason(d)}`,
  'email.resent': (f, d) => `${f.who} sent a mail to ${text(d.recipient) ?? 'its recipient'} again`,
  'team.role_changed': (f, d) =>
    `${f.who} made ${named(f, d, 'email', 'a team member')} ${role(d.after) ?? 'another role'}${role(d.before) ? ` (was ${role(d.before)})` : ''}`,
  'team.deactivated': (f, d) =>
    `${f.who} deactivated ${named(f, d, 'email', 'a team member')}${Number(d.keysRevoked) > 0 ? `, revoking ${count(d.keysRevoked, 'API key', 'API keys')}` : ''}`,
  'team.mfa_reset': (f, d) => `${f.who} reset the two-factor sign-in of ${named(f, d, 'email', 'a team member')}`,
  'team.invitation_revoked': (f, d) => `${f.who} revoked the invitation of ${named(f, d, 'email', 'a team member')}`,
  'user.admin_created': (f, d) => `${f.who} created the administrator ${named(f, d, 'email', 'account')}`,
  'user.mail_preferences_changed': (f) => `${f.who} changed their mail preferences`,
  'user.mfa_enabled': (f) => `${f.who} turned on two-factor sign-in`,
  'user.mfa_disabled': (f) => `${f.who} turned off two-factor sign-in`,
  'user.password_changed': (f) => `${f.who} changed their password`,
  'user.password_reset': (f) => `${f.who} set a new password with a reset link`,
  'user.password_reset_requested': (f) => `${f.who} asked for a password reset link`,
  'user.password_rehashed': (f) => `${f.who}’s stored password was rehashed with the current settings at sign-in`,
  'user.signed_out': (f) => `${f.who} signed out everywhere`,
  'webhook.created': (f, d) => `${f.who} added ${webhook(f, d)}`,
  'webhook.updated': (f, d) => `${f.who} changed ${webhook(f, d)}`,
  'webhook.deleted': (f, d) => `${f.who} deleted ${webhook(f, d)}`,
  'webhook.paused': (f, d) => `${upper(webhook(f, d))} was paused: no delivery reached it for a day`,
  'webhook.resent': (f, d) => `${f.who} sent a delivery to ${webhook(f, d)} again`,
  'webhook.test_sent': (f, d) => `${f.who} sent a test event to ${webhook(f, d)}`,
  'export.downloaded': (f, d) => `${f.who} downloaded ${text(d.kind) ? `the ${text(d.kind)} export` : 'an export'}`,
};

/** Whether `action` reads as a sentence of its own rather than the fallback "<who>: <action in words>". */
export const hasActivitySentence = (action: string): boolean => Object.hasOwn(SENTENCES, action);

export function activitySentence(facts: ActivityFacts): string {
  const sentence = SENTENCES[facts.action];
  const details = facts.details ?? {};
  if (sentence) return sentence(facts, details);
  const name = facts.subject ?? facts.partnerName;
  return `${facts.who}: ${activityActionLabel(facts.action).toLowerCase()}${name ? ` (${name})` : ''}`;
}
