// Notifications: who hears about which change, written into the outbox inside the
// transaction of that change (a change that rolls back mails nobody).

import {
  type AdminRole,
  BOOKING_PROVIDER_LABELS,
  UNPLACED_REASON_LABELS,
  type UnplacedBooking,
  COMMISSION_KIND_LABELS,
  formatDate,
  formatMoney,
  formatMonthKey,
  PAYMENT_METHOD_LABELS,
  type CommissionKind,
  SERVICE_TYPE_LABELS,
  type MailTopic,
  type PaymentMethod,
  type ServiceType,
} from '@portal/contracts';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../platform/activity';
import { decryptOrNull } from '../platform/mappers';
import { bankFieldContext, maskLastFour, type FieldCipher } from '../platform/crypto';
import { enqueueTemplate } from './outbox';
import { unsubscribeHeaders, wantsMail } from './preferences';
import { mailTime, portalLink, type MailKind, type TemplateValues } from './templates';
import { supportEmail } from '../platform/program-settings';

/** What a service needs to address mail: absolute links and unsubscribe tokens, and the cipher for masked account numbers. */
export interface MailDeps {
  config: AppConfig;
  cipher: FieldCipher;
}

/** What every notice needs: how to address the mail, and the time it is written at. */
interface Notice {
  mail: MailDeps;
  now: Date;
}

/** The values and headers of an optional mail, or null when its reader switched the topic off. */
async function optional(
  trx: DbOrTx,
  { mail, userId, topic }: { mail: MailDeps; userId: string; topic: MailTopic },
): Promise<{ headers: Record<string, string> } | null> {
  if (!(await wantsMail(trx, { userId, topic }))) return null;
  return { headers: unsubscribeHeaders(mail.config, { userId, topic }) };
}

type PartnerContact = Awaited<ReturnType<typeof partnerContact>>;

/** How mail reaches a partner: the names it greets, the address, and the payment details it may mask. */
export async function partnerContact(trx: DbOrTx, partnerId: string) {
  return trx
    .selectFrom('partners')
    .innerJoin('users', 'users.id', 'partners.userId')
    .select([
      'partners.id',
      'partners.userId',
      'partners.companyName',
      'partners.contactName',
      'partners.referralCode',
      'partners.paymentMethod',
      'partners.bankAccountNumber',
      'partners.paypalEmail',
      'users.email',
    ])
    .where('partners.id', '=', partnerId)
    .executeTakeFirstOrThrow();
}

/** The mails to one partner that greet them by name and end with a link to their dashboard. */
type DashboardMailKind = {
  [K in MailKind]: TemplateValues[K] extends { contactName: string; dashboardUrl: string } ? K : never;
}[MailKind];

/**
 * One such mail: the partner (its contact, or its id to look the contact up), the kind, and its values but the
 * name and the link. With a topic, the partner's mail preferences decide whether it is sent, and it carries
 * unsubscribe headers.
 */
type PartnerMail = {
  [K in DashboardMailKind]: {
    partner: PartnerContact | string;
    kind: K;
    topic?: MailTopic;
    values: Omit<TemplateValues[K], 'contactName' | 'dashboardUrl'>;
  };
}[DashboardMailKind];

/** Mails a partner a notice that greets them by name and links their dashboard (see PartnerMail). */
async function mailPartner(
  trx: DbOrTx,
  { mail, now, partner: contactOrId, kind, topic, values }: Notice & PartnerMail,
): Promise<void> {
  const partner = typeof contactOrId === 'string' ? await partnerContact(trx, contactOrId) : contactOrId;
  const wanted = topic ? await optional(trx, { mail, userId: partner.userId, topic }) : { headers: undefined };
  if (!wanted) return;
  await enqueueTemplate(trx, {
    now,
    recipient: partner.email,
    kind,
    values: {
      ...values,
      contactName: partner.contactName,
      dashboardUrl: portalLink(mail.config, '/dashboard'),
    },
    headers: wanted.headers,
  });
}

/**
 * A notice that mails one partner: `describe` says, from the facts the caller gives beside the mail deps and
 * the time, which partner gets which mail with which values.
 */
function partnerNotice<Facts>(describe: (facts: Facts) => PartnerMail) {
  return async (trx: DbOrTx, notice: Notice & Facts): Promise<void> =>
    mailPartner(trx, { mail: notice.mail, now: notice.now, ...describe(notice) });
}

/** Mails every active administrator (the admin role): see mailTeam. */
const mailAdmins = <K extends MailKind>(
  trx: DbOrTx,
  mail: { now: Date; kind: K; values: TemplateValues[K] },
): Promise<void> => mailTeam(trx, { roles: ['admin'], ...mail });

/** A new application: the applicant hears it arrived, every active admin hears there is one to review. */
export async function notifyApplication(
  trx: DbOrTx,
  { mail, now, partnerId }: Notice & { partnerId: string },
): Promise<void> {
  const partner = await partnerContact(trx, partnerId);
  await enqueueTemplate(trx, {
    now,
    recipient: partner.email,
    kind: 'applicationReceived',
    values: {
      contactName: partner.contactName,
      companyName: partner.companyName,
      statusUrl: portalLink(mail.config, '/onboarding'),
    },
  });
  await mailAdmins(trx, {
    now,
    kind: 'newApplication',
    values: {
      companyName: partner.companyName,
      contactName: partner.contactName,
      email: partner.email,
      queueUrl: portalLink(mail.config, '/admin'),
    },
  });
}

export type PartnerDecision = 'approve' | 'reject' | 'suspend' | 'reactivate';

/** An admin's decision on a partner, told to the partner. */
export async function notifyPartnerDecision(
  trx: DbOrTx,
  {
    mail,
    now,
    partnerId,
    decision,
    reason,
  }: Notice & { partnerId: string; decision: PartnerDecision; reason?: string | null },
): Promise<void> {
  const partner = await partnerContact(trx, partnerId);
  const names = { contactName: partner.contactName, companyName: partner.companyName };
  const { companyName } = partner;
  if (decision === 'approve') {
    await mailPartner(trx, {
      mail,
      now,
      partner,
      kind: 'applicationApproved',
      values: { companyName, referralUrl: portalLink(mail.config, `/r/${encodeURIComponent(partner.referralCode)}`) },
    });
  } else if (decision === 'reject' || decision === 'suspend') {
    await enqueueTemplate(trx, {
      now,
      recipient: partner.email,
      kind: decision === 'reject' ? 'applicationRejected' : 'partnerSuspended',
      values: { ...names, reason: reason ?? null, supportEmail: await supportEmail(trx) },
    });
  } else {
    await mailPartner(trx, { mail, now, partner, kind: 'partnerReactivated', values: { companyName } });
  }
}

/** A payout: each partner in it hears what it was paid, with the reference and a masked account. */
export async function notifyPayoutSent(
  trx: DbOrTx,
  { mail, now, payout }: Notice & { payout: { id: string; reference: string } },
): Promise<void> {
  const perPartner = await trx
    .selectFrom('commissions')
    .select([
      'partnerId',
      (eb) => eb.fn.countAll<string>().as('count'),
      (eb) => eb.fn.sum<string>('amount').as('amount'),
    ])
    .where('payoutId', '=', payout.id)
    .groupBy('partnerId')
    .orderBy('partnerId')
    .execute();
  for (const row of perPartner) {
    const partner = await partnerContact(trx, row.partnerId);
    const method = partner.paymentMethod as PaymentMethod | null;
    const account =
      method === 'PayPal'
        ? partner.paypalEmail
        : maskLastFour(
            decryptOrNull(
              mail.cipher,
              partner.bankAccountNumber,
              bankFieldContext(row.partnerId, 'bank_account_number'),
            ),
          );
    await mailPartner(trx, {
      mail,
      now,
      partner,
      kind: 'payoutSent',
      values: {
        amount: formatMoney(row.amount),
        reference: payout.reference,
        method: method ? (PAYMENT_METHOD_LABELS[method] ?? method) : 'Not set',
        account,
        commissionCount: Number(row.count),
      },
    });
  }
}

/** A commission as its mails show it: the amount, the month it is for, and the reason given. */
const commissionValues = (commission: { amount: string; monthYear: string; reason: string }) => ({
  amount: formatMoney(commission.amount),
  month: formatMonthKey(commission.monthYear),
  reason: commission.reason,
});

/** A commission whose payment failed, told to its partner with the reason. */
export const notifyPayoutFailed = partnerNotice(
  ({ commission }: { commission: { partnerId: string; amount: string; monthYear: string; reason: string } }) => ({
    partner: commission.partnerId,
    kind: 'payoutFailed',
    values: commissionValues(commission),
  }),
);

interface CommissionNotice {
  partnerId: string;
  kind: CommissionKind;
  amount: string;
  monthYear: string;
  reason: string;
  clientCompanyName: string | null;
}

/** A bonus or a clawback was added for the partner (money mail: always sent). */
export const notifyAdjustment = partnerNotice(({ adjustment }: { adjustment: CommissionNotice }) => ({
  partner: adjustment.partnerId,
  kind: adjustment.kind === 'clawback' ? 'commissionClawback' : 'commissionBonus',
  // "A clawback of $75.50": the word says it is taken back, so the amount is written without its sign.
  values: {
    ...commissionValues({ ...adjustment, amount: adjustment.amount.replace(/^-/, '') }),
    client: adjustment.clientCompanyName,
  },
}));

/** A pending commission of the partner was voided. */
export const notifyCommissionVoided = partnerNotice(({ commission }: { commission: CommissionNotice }) => ({
  partner: commission.partnerId,
  kind: 'commissionVoided',
  values: {
    kind: (commission.kind === 'recurring' ? 'commission' : COMMISSION_KIND_LABELS[commission.kind]).toLowerCase(),
    ...commissionValues(commission),
    client: commission.clientCompanyName,
  },
}));

/** The referral a notice is about: whose it is, and its client's name. */
interface ReferralNotice {
  partnerId: string;
  clientCompanyName: string;
}

/** An admin added a client to the partner's pipeline. */
export const notifyClientAdded = partnerNotice(
  ({ referral }: { referral: ReferralNotice & { serviceType: string } }) => ({
    partner: referral.partnerId,
    kind: 'clientAdded',
    topic: 'dealUpdates',
    values: {
      clientCompanyName: referral.clientCompanyName,
      service: SERVICE_TYPE_LABELS[referral.serviceType as ServiceType] ?? referral.serviceType,
    },
  }),
);

/** A client booked a consultation through the partner's link (a booking webhook or a lead with a date). */
export const notifyBooking = partnerNotice(
  ({
    referral,
  }: {
    referral: ReferralNotice & {
      clientName: string | null;
      clientEmail: string | null;
      consultationDate: Date | null;
    };
  }) => ({
    partner: referral.partnerId,
    kind: 'consultationBooked',
    topic: 'bookings',
    values: {
      client: referral.clientName?.trim() || referral.clientCompanyName,
      clientCompanyName: referral.clientCompanyName,
      consultation: referral.consultationDate ? mailTime(referral.consultationDate) : 'a time still to be confirmed',
    },
  }),
);

/** A deal that just became won or lost. */
export const notifyDealClosed = partnerNotice(
  ({
    referral,
  }: {
    referral: ReferralNotice & {
      stage: 'won' | 'lost';
      commissionAmount: string;
      lostReason: string | null;
    };
  }): PartnerMail => {
    const notice = { partner: referral.partnerId, topic: 'dealUpdates' as const };
    const { clientCompanyName } = referral;
    return referral.stage === 'won'
      ? {
          ...notice,
          kind: 'dealWon',
          values: { clientCompanyName, commission: formatMoney(referral.commissionAmount) },
        }
      : { ...notice, kind: 'dealLost', values: { clientCompanyName, reason: referral.lostReason } };
  },
);

/** Written notice of the end of the partnership, by either party: the partner is told the day it ends. */
export const notifyTermination = partnerNotice(
  ({
    partnerId,
    givenBy,
    reason,
    effectiveDate,
  }: {
    partnerId: string;
    givenBy: 'firm' | 'partner';
    reason: string;
    effectiveDate: string;
  }) => ({
    partner: partnerId,
    kind: 'partnershipEnding',
    values: { givenBy, reason, effectiveDate: formatDate(effectiveDate) },
  }),
);

/**
 * Mails every active team member in these roles, in address order: the team hears about what a partner
 * does on their own (notice, changed bank or tax details) and about the day's deadlines.
 */
export async function mailTeam<K extends MailKind>(
  trx: DbOrTx,
  { roles, now, kind, values }: { roles: readonly AdminRole[]; now: Date; kind: K; values: TemplateValues[K] },
): Promise<void> {
  const members = await trx
    .selectFrom('users')
    .select('email')
    .where('role', 'in', roles)
    .where('active', '=', true)
    .orderBy('email')
    .execute();
  for (const member of members) await enqueueTemplate(trx, { now, recipient: member.email, kind, values });
}

/** The mail to the partner and the mail to the team for each kind of payment or tax details a partner replaces. */
const DETAILS_CHANGED_MAILS = {
  bankDetails: { partner: 'bankDetailsChanged', team: 'partnerBankDetailsChanged' },
  taxProfile: { partner: 'taxProfileChanged', team: 'partnerTaxProfileChanged' },
} as const;

type DetailsChange = keyof typeof DETAILS_CHANGED_MAILS;
type PartnerMailOf<C extends DetailsChange> = (typeof DETAILS_CHANGED_MAILS)[C]['partner'];
type TeamMailOf<C extends DetailsChange> = (typeof DETAILS_CHANGED_MAILS)[C]['team'];
/** What the partner's mail says about the new details: its values but the name, the time and the link. */
type PartnerDetails<C extends DetailsChange> = Omit<
  TemplateValues[PartnerMailOf<C>],
  'contactName' | 'changedAt' | 'settingsUrl'
>;
/** What the team's mail says about the new details: its values but the names, the time and the link. */
type TeamDetails<C extends DetailsChange> = Omit<
  TemplateValues[TeamMailOf<C>],
  'companyName' | 'contactName' | 'changedAt' | 'partnersUrl'
>;

/**
 * A partner replaced its payment or tax details: the partner hears when, with a link to its settings, and
 * the team in `roles` hears which partner, with a link to `partnersPath`. Numbers in `details` are masked.
 */
export async function notifyDetailsChanged<C extends DetailsChange>(
  trx: DbOrTx,
  {
    mail,
    now,
    partner,
    change,
    details,
    roles,
    partnersPath,
  }: Notice & {
    partner: { companyName: string; contactName: string; email: string };
    change: C;
    details: PartnerDetails<C> & TeamDetails<C>;
    roles: readonly AdminRole[];
    partnersPath: string;
  },
): Promise<void> {
  const kinds = DETAILS_CHANGED_MAILS[change];
  const changedAt = mailTime(now);
  const { companyName, contactName } = partner;
  const partnerDetails: PartnerDetails<C> = details;
  const teamDetails: TeamDetails<C> = details;
  await enqueueTemplate(trx, {
    now,
    recipient: partner.email,
    kind: kinds.partner,
    values: {
      contactName,
      ...partnerDetails,
      changedAt,
      settingsUrl: portalLink(mail.config, '/dashboard', { tab: 'settings' }),
    } as TemplateValues[PartnerMailOf<C>],
  });
  await mailTeam(trx, {
    roles,
    now,
    kind: kinds.team,
    values: {
      companyName,
      contactName,
      ...teamDetails,
      changedAt,
      partnersUrl: portalLink(mail.config, partnersPath),
    } as TemplateValues[TeamMailOf<C>],
  });
}

/** The administrators' mails about a partner's notice: given, or withdrawn by the partner. */
type NoticeMailKind = 'partnerNoticeGiven' | 'partnerNoticeWithdrawn';

/** The administrators hear of a partner's notice: which partner, from when, with a link to the partner's page. */
async function mailAdminsOfNotice<K extends NoticeMailKind>(
  trx: DbOrTx,
  {
    mail,
    now,
    partnerId,
    effectiveDate,
    kind,
    values,
  }: Notice & {
    partnerId: string;
    effectiveDate: string;
    kind: K;
    values: Omit<TemplateValues[K], 'companyName' | 'contactName' | 'effectiveDate' | 'partnerUrl'>;
  },
): Promise<void> {
  const partner = await partnerContact(trx, partnerId);
  await mailAdmins(trx, {
    now,
    kind,
    values: {
      companyName: partner.companyName,
      contactName: partner.contactName,
      ...values,
      effectiveDate: formatDate(effectiveDate),
      partnerUrl: portalLink(mail.config, `/admin/partners/${partner.id}`),
    } as TemplateValues[K],
  });
}

/** A partner gave notice from Settings: the administrators hear who, why and from when. */
export async function notifyPartnerNotice(
  trx: DbOrTx,
  { reason, ...notice }: Notice & { partnerId: string; reason: string; effectiveDate: string },
): Promise<void> {
  await mailAdminsOfNotice(trx, { ...notice, kind: 'partnerNoticeGiven', values: { reason } });
}

/**
 * A notice withdrawn before its day: the partner hears that the partnership continues; when the partner withdrew
 * it, the administrators hear too.
 */
export async function notifyNoticeWithdrawn(
  trx: DbOrTx,
  { by, ...notice }: Notice & { partnerId: string; by: 'firm' | 'partner'; effectiveDate: string },
): Promise<void> {
  const { mail, now, partnerId, effectiveDate } = notice;
  await mailPartner(trx, {
    mail,
    now,
    partner: partnerId,
    kind: 'noticeWithdrawn',
    values: { by, effectiveDate: formatDate(effectiveDate) },
  });
  if (by === 'partner') await mailAdminsOfNotice(trx, { ...notice, kind: 'partnerNoticeWithdrawn', values: {} });
}

/** A booking no active partner got: every administrator hears who booked and why, with a link to place it. */
export async function notifyUnplacedBooking(
  trx: DbOrTx,
  { mail, now, booking }: Notice & { booking: UnplacedBooking },
): Promise<void> {
  await mailAdmins(trx, {
    now,
    kind: 'unplacedBooking',
    values: {
      client: booking.clientName?.trim() || booking.clientEmail,
      clientEmail: booking.clientEmail,
      provider: BOOKING_PROVIDER_LABELS[booking.provider],
      code: booking.referralCode,
      reason: UNPLACED_REASON_LABELS[booking.reason],
      consultation: booking.consultationDate
        ? mailTime(new Date(booking.consultationDate))
        : 'a time still to be confirmed',
      screenUrl: portalLink(mail.config, '/admin/pipeline#unplaced-bookings'),
    },
  });
}

/** The day's open deals whose qualification window ends soon, to every administrator. */
export async function notifyWindowsEnding(
  trx: DbOrTx,
  {
    mail,
    now,
    deals,
  }: Notice & { deals: Array<{ client: string; partner: string; daysLeft: number; windowEnds: string }> },
): Promise<void> {
  await mailAdmins(trx, {
    now,
    kind: 'windowsEnding',
    values: { deals, pipelineUrl: portalLink(mail.config, '/admin/pipeline') },
  });
}

/** A breach of non-solicitation voided the partner's unpaid fees. */
export const notifyFeesForfeited = partnerNotice(
  ({ partnerId, reason, amount }: { partnerId: string; reason: string; amount: string }) => ({
    partner: partnerId,
    kind: 'feesForfeited',
    values: { reason, amount: formatMoney(amount) },
  }),
);

/** An admin decided whether a won client is a qualifying client: the partner is told, with the reason. */
export const notifyQualificationDecided = partnerNotice(
  ({
    referral,
  }: {
    referral: ReferralNotice & {
      qualifying: boolean | null;
      qualificationReason: string | null;
    };
  }) => ({
    partner: referral.partnerId,
    kind: 'qualificationDecided',
    values: {
      clientCompanyName: referral.clientCompanyName,
      qualifying: referral.qualifying === true,
      reason: referral.qualificationReason ?? '',
    },
  }),
);

/** The month's accrual, one summary per partner that earned in it (count and amount). */
export async function notifyMonthlySummaries(
  trx: DbOrTx,
  {
    mail,
    now,
    month,
    earned,
  }: Notice & { month: string; earned: readonly { partnerId: string; count: number; amount: string }[] },
): Promise<void> {
  for (const row of earned)
    await mailPartner(trx, {
      mail,
      now,
      partner: row.partnerId,
      kind: 'monthlySummary',
      topic: 'monthlySummary',
      values: { month: formatMonthKey(month), count: row.count, amount: formatMoney(row.amount) },
    });
}
