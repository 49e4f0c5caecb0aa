// Every mail the product sends, one template per kind: plain text and HTML from the same words,
// every value escaped, the product's name and colours, links absolute to PUBLIC_URL.

import { PRODUCT_NAME } from '@portal/contracts';
import { localBaseUrl } from '../../config';

/** The firm's colours, as the web theme uses them in the light scheme (blue 8 on white, grey 7 text). */
const COLOURS = { brand: '#1971c2', text: '#212529', muted: '#495057', border: '#dee2e6', page: '#f8f9fa' } as const;

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** What a template says: a heading, paragraphs, at most one button, and a closing line. */
interface MailBody {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Shown small under the button (why the reader got it, what to do if it was not them). */
  note?: string;
}

export interface TemplateValues {
  passwordReset: { resetUrl: string; validMinutes: number };
  passwordChanged: { signInUrl: string; changedAt: string };
  mfaEnabled: { signInUrl: string; changedAt: string };
  taxProfileChanged: { contactName: string; tinLast4: string; changedAt: string; settingsUrl: string };
  partnerTaxProfileChanged: {
    companyName: string;
    contactName: string;
    tinLast4: string;
    changedAt: string;
    partnersUrl: string;
  };
  mfaReset: { signInUrl: string; changedAt: string; resetBy: string };
  newApplication: { companyName: string; contactName: string; email: string; queueUrl: string };
  applicationReceived: { contactName: string; companyName: string; statusUrl: string };
  applicationApproved: { contactName: string; companyName: string; dashboardUrl: string; referralUrl: string };
  applicationRejected: { contactName: string; companyName: string; reason: string | null; supportEmail: string | null };
  partnerSuspended: { contactName: string; companyName: string; reason: string | null; supportEmail: string | null };
  partnerReactivated: { contactName: string; companyName: string; dashboardUrl: string };
  payoutSent: {
    contactName: string;
    amount: string;
    reference: string;
    method: string;
    account: string | null;
    commissionCount: number;
    dashboardUrl: string;
  };
  payoutFailed: { contactName: string; amount: string; month: string; reason: string; dashboardUrl: string };
  payoutReturned: { contactName: string; amount: string; reference: string; reason: string; settingsUrl: string };
  clientAdded: { contactName: string; clientCompanyName: string; service: string; dashboardUrl: string };
  consultationBooked: {
    contactName: string;
    client: string;
    clientCompanyName: string;
    consultation: string;
    dashboardUrl: string;
  };
  dealWon: { contactName: string; clientCompanyName: string; commission: string; dashboardUrl: string };
  dealLost: { contactName: string; clientCompanyName: string; reason: string | null; dashboardUrl: string };
  monthlySummary: { contactName: string; month: string; count: number; amount: string; dashboardUrl: string };
  partnershipEnding: {
    contactName: string;
    givenBy: 'firm' | 'partner';
    reason: string;
    effectiveDate: string;
    dashboardUrl: string;
  };
  feesForfeited: { contactName: string; reason: string; amount: string; dashboardUrl: string };
  partnerNoticeGiven: {
    companyName: string;
    contactName: string;
    reason: string;
    effectiveDate: string;
    partnerUrl: string;
  };
  /** `by`: who withdrew the notice (the firm may withdraw either party's). */
  noticeWithdrawn: { contactName: string; by: 'firm' | 'partner'; effectiveDate: string; dashboardUrl: string };
  partnerNoticeWithdrawn: { companyName: string; contactName: string; effectiveDate: string; partnerUrl: string };
  unplacedBooking: {
    client: string;
    clientEmail: string;
    provider: string;
    code: string | null;
    reason: string;
    consultation: string;
    screenUrl: string;
  };
  windowsEnding: {
    deals: Array<{ client: string; partner: string; daysLeft: number; windowEnds: string }>;
    pipelineUrl: string;
  };
  qualificationDecided: {
    contactName: string;
    clientCompanyName: string;
    qualifying: boolean;
    reason: string;
    dashboardUrl: string;
  };
  teamInvitation: { roleLabel: string; invitedBy: string; acceptUrl: string; validDays: number };
  /** `destination`, when given, names the new way payouts go ("PayPal, m•••@acme.demo"). */
  bankDetailsChanged: {
    contactName: string;
    account: string | null;
    destination?: string;
    changedAt: string;
    settingsUrl: string;
  };
  partnerBankDetailsChanged: {
    companyName: string;
    contactName: string;
    account: string | null;
    destination?: string;
    changedAt: string;
    partnersUrl: string;
  };
  commissionBonus: CommissionLineValues;
  commissionClawback: CommissionLineValues;
  commissionVoided: CommissionLineValues & { kind: string };
}

/** A commission line added or taken back by an admin: its amount, month, reason and client. */
interface CommissionLineValues {
  contactName: string;
  amount: string;
  month: string;
  reason: string;
  client: string | null;
  dashboardUrl: string;
}

export type MailKind = keyof TemplateValues;

const DEAL_UPDATES_NOTE =
  'You get deal updates because they are switched on. Switch them off in the Settings tab of your dashboard, or unsubscribe from your mail app.';

const BOOKINGS_NOTE =
  'You get booking mails because they are switched on. Switch them off in the Settings tab of your dashboard, or unsubscribe from your mail app.';

/** The end of every deal-update mail: the way to the referrals, and how to switch these mails off. */
const dealUpdate = (dashboardUrl: string) => ({
  action: { label: 'See your referrals', url: dashboardUrl },
  note: DEAL_UPDATES_NOTE,
});

/** A rejection's or a suspension's reason, when the admin gave one, and where to ask about the decision. */
const reasonAndContact = (reason: string | null, supportEmail: string | null): string[] => [
  ...(reason ? [`Reason: ${reason}`] : []),
  supportEmail
    ? `Questions about this decision? Write to ${supportEmail}.`
    : 'Questions about this decision? Contact the partner program team.',
];

const TEMPLATES: { [K in MailKind]: (values: TemplateValues[K]) => MailBody } = {
  teamInvitation: ({ roleLabel, invitedBy, acceptUrl, validDays }) => ({
    subject: `You are invited to the ${PRODUCT_NAME} admin team`,
    heading: `Join the ${PRODUCT_NAME} admin team`,
    paragraphs: [
      `${invitedBy} invited you to the ${PRODUCT_NAME} partner portal as ${roleLabel}. Choose your password with the button below.`,
      `The link works once and for ${validDays} days.`,
    ],
    action: { label: 'Accept the invitation', url: acceptUrl },
    note: 'If you did not expect this invitation, ignore this mail.',
  }),
  bankDetailsChanged: ({ contactName, account, destination, changedAt, settingsUrl }) => ({
    subject: 'Your bank details were changed',
    heading: 'Your bank details were changed',
    paragraphs: [
      `Hello ${contactName}, the bank details of your ${PRODUCT_NAME} partner account were changed on ${changedAt}.`,
      destination
        ? `Payouts now go by ${destination}.`
        : account
          ? `Payouts now go to the account ending ${account.slice(-4)}.`
          : 'Payouts go to the new account.',
    ],
    action: { label: 'Review your settings', url: settingsUrl },
    note: 'If you did not change them, reset your password right away and tell your program contact.',
  }),
  partnerBankDetailsChanged: ({ companyName, contactName, account, destination, changedAt, partnersUrl }) => ({
    subject: `Bank details changed: ${companyName}`,
    heading: 'A partner changed their bank details',
    paragraphs: [
      `${contactName} of ${companyName} changed the partner's bank details on ${changedAt}.`,
      destination
        ? `Payouts now go by ${destination}.`
        : account
          ? `The new account ends ${account.slice(-4)}.`
          : 'A new account was given.',
    ],
    action: { label: 'Open the partners', url: partnersUrl },
  }),
  passwordReset: ({ resetUrl, validMinutes }) => ({
    subject: 'Reset your password',
    heading: 'Reset your password',
    paragraphs: [
      `Someone asked to reset the password of your ${PRODUCT_NAME} partner account. Choose a new password with the button below.`,
      `The link works once and for ${validMinutes} minutes.`,
    ],
    action: { label: 'Choose a new password', url: resetUrl },
    note: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  }),
  passwordChanged: ({ signInUrl, changedAt }) => ({
    subject: 'Your password was changed',
    heading: 'Your password was changed',
    paragraphs: [
      `The password of your ${PRODUCT_NAME} account was changed on ${changedAt}. Every other session was signed out.`,
    ],
    action: { label: `Sign in to ${PRODUCT_NAME}`, url: signInUrl },
    note: 'If you did not change it, reset your password right away from the sign-in dialog ("Forgot password?") and tell your program contact.',
  }),
  taxProfileChanged: ({ contactName, tinLast4, changedAt, settingsUrl }) => ({
    subject: 'Your tax information was changed',
    heading: 'Your tax information was changed',
    paragraphs: [
      `Hello ${contactName}, the tax information (W-9) of your ${PRODUCT_NAME} partner account was replaced on ${changedAt}.`,
      `The taxpayer identification number on file now ends ${tinLast4}; it goes on your 1099-NEC.`,
    ],
    action: { label: 'Review your settings', url: settingsUrl },
    note: 'If you did not change it, reset your password right away and tell your program contact.',
  }),
  partnerTaxProfileChanged: ({ companyName, contactName, tinLast4, changedAt, partnersUrl }) => ({
    subject: `Tax information changed: ${companyName}`,
    heading: 'A partner replaced their tax information',
    paragraphs: [
      `${contactName} of ${companyName} replaced the partner's tax information (W-9) on ${changedAt}.`,
      `The taxpayer identification number on file now ends ${tinLast4}.`,
    ],
    action: { label: 'Open the partners', url: partnersUrl },
  }),
  mfaEnabled: ({ signInUrl, changedAt }) => ({
    subject: 'Two-factor sign-in was turned on',
    heading: 'Two-factor sign-in is on',
    paragraphs: [
      `Two-factor sign-in was turned on for your ${PRODUCT_NAME} account on ${changedAt}. Every other session was signed out; from now on signing in asks for a code from your authenticator app.`,
    ],
    action: { label: `Sign in to ${PRODUCT_NAME}`, url: signInUrl },
    note: 'If you did not turn it on, reset your password from the sign-in dialog ("Forgot password?") and ask your team admin to reset your two-factor sign-in.',
  }),
  mfaReset: ({ signInUrl, changedAt, resetBy }) => ({
    subject: 'Your two-factor sign-in was reset',
    heading: 'Your two-factor sign-in was reset',
    paragraphs: [
      `${resetBy} reset the two-factor sign-in of your ${PRODUCT_NAME} account on ${changedAt}: your authenticator app and recovery codes no longer work, and every session was signed out.`,
      'Sign in with your password and set up two-factor sign-in again from your account.',
    ],
    action: { label: `Sign in to ${PRODUCT_NAME}`, url: signInUrl },
    note: 'If you did not ask for this, tell your team admin.',
  }),
  newApplication: ({ companyName, contactName, email, queueUrl }) => ({
    subject: `New partner application: ${companyName}`,
    heading: 'A new partner application is waiting',
    paragraphs: [
      `${companyName} applied to the ${PRODUCT_NAME} partner program.`,
      `Contact: ${contactName} (${email}).`,
    ],
    action: { label: 'Open the approval queue', url: queueUrl },
  }),
  applicationReceived: ({ contactName, companyName, statusUrl }) => ({
    subject: 'We received your partner application',
    heading: `Thank you, ${contactName}`,
    paragraphs: [
      `We received the partner application of ${companyName}. Our team reviews it and you will hear from us by mail.`,
    ],
    action: { label: 'Check your application', url: statusUrl },
  }),
  applicationApproved: ({ contactName, companyName, dashboardUrl, referralUrl }) => ({
    subject: 'Your partner application was approved',
    heading: `Welcome aboard, ${contactName}`,
    paragraphs: [
      `${companyName} is now an active ${PRODUCT_NAME} partner. Refer e-commerce businesses from your dashboard and share your referral link:`,
      referralUrl,
    ],
    action: { label: 'Open your dashboard', url: dashboardUrl },
  }),
  applicationRejected: ({ contactName, companyName, reason, supportEmail }) => ({
    subject: 'Your partner application',
    heading: `About your application, ${contactName}`,
    paragraphs: [
      `We are sorry: the partner application of ${companyName} was not approved.`,
      ...reasonAndContact(reason, supportEmail),
    ],
  }),
  partnerSuspended: ({ contactName, companyName, reason, supportEmail }) => ({
    subject: 'Your partner account was suspended',
    heading: `Your account is suspended, ${contactName}`,
    paragraphs: [
      `The ${PRODUCT_NAME} partner account of ${companyName} was suspended. While it is suspended you cannot add referrals; commissions already earned stay payable.`,
      ...reasonAndContact(reason, supportEmail),
    ],
  }),
  partnerReactivated: ({ contactName, companyName, dashboardUrl }) => ({
    subject: 'Your partner account is active again',
    heading: `Welcome back, ${contactName}`,
    paragraphs: [`The ${PRODUCT_NAME} partner account of ${companyName} is active again.`],
    action: { label: 'Open your dashboard', url: dashboardUrl },
  }),
  payoutSent: ({ contactName, amount, reference, method, account, commissionCount }) => ({
    subject: `Payout sent: ${amount}`,
    heading: `We sent you ${amount}`,
    paragraphs: [
      `Hello ${contactName}, we paid ${commissionCount} ${commissionCount === 1 ? 'commission' : 'commissions'}, ${amount} in all.`,
      `Reference: ${reference}. Method: ${method}${account ? `, account ${account}` : ''}.`,
    ],
    note: 'Depending on your bank it can take a few working days to arrive.',
  }),
  payoutFailed: ({ contactName, amount, month, reason, dashboardUrl }) => ({
    subject: `Commission payment failed: ${amount}`,
    heading: 'A commission payment failed',
    paragraphs: [
      `Hello ${contactName}, the payment of your ${month} commission of ${amount} failed.`,
      `Reason: ${reason}`,
      'Check your payment details and contact your program contact.',
    ],
    action: { label: 'See your commissions', url: dashboardUrl },
  }),
  payoutReturned: ({ contactName, amount, reference, reason, settingsUrl }) => ({
    subject: `Your payout of ${amount} came back`,
    heading: 'Your payout came back',
    paragraphs: [
      `Hello ${contactName}, your bank returned the payout of ${amount} (reference ${reference}).`,
      `Reason: ${reason}`,
      'Please check and correct your payment details in Settings; the fees are paid again with the next payout after the change.',
    ],
    action: { label: 'Fix your payment details', url: settingsUrl },
  }),
  clientAdded: ({ contactName, clientCompanyName, service, dashboardUrl }) => ({
    subject: `A client was added for you: ${clientCompanyName}`,
    heading: 'A new client in your pipeline',
    paragraphs: [`Hello ${contactName}, our team added ${clientCompanyName} (${service}) to your referrals.`],
    ...dealUpdate(dashboardUrl),
  }),
  consultationBooked: ({ contactName, client, clientCompanyName, consultation, dashboardUrl }) => ({
    subject: `${client} booked a consultation`,
    heading: `${client} booked a consultation`,
    paragraphs: [
      `Hello ${contactName}, ${client}${client === clientCompanyName ? '' : ` (${clientCompanyName})`} booked a consultation through your referral link for ${consultation}.`,
      'It is in your referrals as Booked; you will hear from us when the deal moves on.',
    ],
    action: { label: 'See your referrals', url: dashboardUrl },
    note: BOOKINGS_NOTE,
  }),
  dealWon: ({ contactName, clientCompanyName, commission, dashboardUrl }) => ({
    subject: `Deal won: ${clientCompanyName}`,
    heading: `${clientCompanyName} became a client`,
    paragraphs: [
      `Good news, ${contactName}: ${clientCompanyName} signed. You earn ${commission} a month for as long as they stay a client.`,
    ],
    ...dealUpdate(dashboardUrl),
  }),
  dealLost: ({ contactName, clientCompanyName, reason, dashboardUrl }) => ({
    subject: `Deal lost: ${clientCompanyName}`,
    heading: `${clientCompanyName} did not sign`,
    paragraphs: [
      `Hello ${contactName}, ${clientCompanyName} decided not to go ahead.`,
      reason ? `Reason: ${reason}` : 'No reason was given.',
    ],
    ...dealUpdate(dashboardUrl),
  }),
  partnershipEnding: ({ contactName, givenBy, reason, effectiveDate, dashboardUrl }) => ({
    subject: `Your partnership ends on ${effectiveDate}`,
    heading: `The partnership ends on ${effectiveDate}`,
    paragraphs: [
      `Hello ${contactName}, ${givenBy === 'firm' ? 'we gave' : 'you gave'} written notice to end the Affiliate Agreement. It ends on ${effectiveDate}; until then nothing changes.`,
      `Reason: ${reason}`,
      'Fees earned for client payments of months before that day remain payable.',
    ],
    action: { label: 'See your dashboard', url: dashboardUrl },
  }),
  partnerNoticeGiven: ({ companyName, contactName, reason, effectiveDate, partnerUrl }) => ({
    subject: `${companyName} gave notice: the partnership ends on ${effectiveDate}`,
    heading: `${companyName} ends its partnership`,
    paragraphs: [
      `${contactName} of ${companyName} gave written notice to end the Affiliate Agreement from the portal. It ends on ${effectiveDate}; until then nothing changes.`,
      `Reason: ${reason}`,
    ],
    action: { label: 'Open the partner', url: partnerUrl },
  }),
  noticeWithdrawn: ({ contactName, by, effectiveDate, dashboardUrl }) => ({
    subject: 'Your partnership continues: the notice is withdrawn',
    heading: 'The partnership continues',
    paragraphs: [
      `Hello ${contactName}, ${by === 'firm' ? 'we withdrew' : 'you withdrew'} the notice that would have ended the Affiliate Agreement on ${effectiveDate}. The partnership continues as before.`,
    ],
    action: { label: 'See your dashboard', url: dashboardUrl },
  }),
  partnerNoticeWithdrawn: ({ companyName, contactName, effectiveDate, partnerUrl }) => ({
    subject: `${companyName} withdrew its notice: the partnership continues`,
    heading: `${companyName} stays a partner`,
    paragraphs: [
      `${contactName} of ${companyName} withdrew from the portal the notice that would have ended the Affiliate Agreement on ${effectiveDate}. The partnership continues as before.`,
    ],
    action: { label: 'Open the partner', url: partnerUrl },
  }),
  unplacedBooking: ({ client, clientEmail, provider, code, reason, consultation, screenUrl }) => ({
    subject: `A booking reached no partner: ${client}`,
    heading: 'A booking waits to be placed',
    paragraphs: [
      `${client} (${clientEmail}) booked a consultation through ${provider} for ${consultation}, but no active partner got it.`,
      code ? `Code given: ${code} (${reason.toLowerCase()}).` : `${reason}.`,
      'Place it with a partner or dismiss it on the pipeline’s Unplaced bookings card.',
    ],
    action: { label: 'Open the unplaced bookings', url: screenUrl },
  }),
  windowsEnding: ({ deals, pipelineUrl }) => ({
    subject: `${deals.length} ${deals.length === 1 ? 'deal’s qualification window ends' : 'deals’ qualification windows end'} within 14 days`,
    heading: 'Qualification windows ending soon',
    paragraphs: [
      'These open deals must sign within their qualification window to be qualifying clients:',
      ...deals.map(
        (deal) =>
          `${deal.client} (via ${deal.partner}): ${deal.daysLeft === 0 ? 'ends today' : `${deal.daysLeft} ${deal.daysLeft === 1 ? 'day' : 'days'} left`}, the window ends on ${deal.windowEnds}.`,
      ),
    ],
    action: { label: 'Open the pipeline', url: pipelineUrl },
  }),
  feesForfeited: ({ contactName, reason, amount, dashboardUrl }) => ({
    subject: 'Your unpaid and future referral fees are forfeited',
    heading: `${amount} in unpaid fees forfeited`,
    paragraphs: [
      `Hello ${contactName}, under section 5 of the Affiliate Agreement (non-solicitation) your unpaid referral fees of ${amount} are forfeited, and so are your future fees: client payments from now on earn you none.`,
      `Reason: ${reason}`,
    ],
    action: { label: 'See your statement', url: dashboardUrl },
  }),
  qualificationDecided: ({ contactName, clientCompanyName, qualifying, reason, dashboardUrl }) => ({
    subject: qualifying
      ? `${clientCompanyName} is a qualifying client`
      : `${clientCompanyName} is not a qualifying client`,
    heading: qualifying ? `${clientCompanyName} qualifies` : `${clientCompanyName} does not qualify`,
    paragraphs: [
      qualifying
        ? `Hello ${contactName}, we decided that ${clientCompanyName} is a qualifying client: its payments earn you referral fees.`
        : `Hello ${contactName}, we decided that ${clientCompanyName} is not a qualifying client: its payments earn no referral fees.`,
      `Reason: ${reason}`,
    ],
    action: { label: 'See your referrals', url: dashboardUrl },
  }),
  monthlySummary: ({ contactName, month, count, amount, dashboardUrl }) => ({
    subject: `Your ${month} commissions: ${amount}`,
    heading: `${month}: ${amount} earned`,
    paragraphs: [
      `Hello ${contactName}, ${count} ${count === 1 ? 'client' : 'clients'} earned you ${amount} in commissions for ${month}. They are now pending payout.`,
    ],
    action: { label: 'See your commissions', url: dashboardUrl },
    note: 'You get monthly summaries because they are switched on. Switch them off in the Settings tab of your dashboard, or unsubscribe from your mail app.',
  }),
  commissionBonus: ({ contactName, amount, month, reason, client, dashboardUrl }) => ({
    subject: `A bonus for you: ${amount}`,
    heading: `A bonus of ${amount}`,
    paragraphs: [
      `Hello ${contactName}, we added a bonus of ${amount} for ${month}${client ? ` (${client})` : ''}. It is pending and paid with your next payout.`,
      `Reason: ${reason}`,
    ],
    action: { label: 'See your commissions', url: dashboardUrl },
  }),
  commissionClawback: ({ contactName, amount, month, reason, client, dashboardUrl }) => ({
    subject: `A clawback of ${amount} on your commissions`,
    heading: `A clawback of ${amount}`,
    paragraphs: [
      `Hello ${contactName}, we recorded a clawback of ${amount} for ${month}${client ? ` (${client})` : ''}. It is deducted from your next payout.`,
      `Reason: ${reason}`,
      'If you think this is a mistake, contact your program contact.',
    ],
    action: { label: 'See your commissions', url: dashboardUrl },
  }),
  commissionVoided: ({ contactName, kind, amount, month, reason, client, dashboardUrl }) => ({
    subject: `A commission was voided: ${amount}`,
    heading: 'A pending commission was voided',
    paragraphs: [
      `Hello ${contactName}, the pending ${kind} of ${amount} for ${month}${client ? ` (${client})` : ''} was voided and will not be paid.`,
      `Reason: ${reason}`,
      'If you think this is a mistake, contact your program contact.',
    ],
    action: { label: 'See your commissions', url: dashboardUrl },
  }),
};

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function renderText(body: MailBody): string {
  const lines = [body.heading, '', ...body.paragraphs.flatMap((p) => [p, ''])];
  if (body.action) lines.push(`${body.action.label}: ${body.action.url}`, '');
  if (body.note) lines.push(body.note, '');
  lines.push(`— ${PRODUCT_NAME}`);
  return lines.join('\n');
}

/**
 * Long words (a 60-letter company name, an address) break inside the mail's column instead of
 * widening it: a fixed table layout keeps the column at its width and every text block may wrap
 * anywhere once it has no other break (`word-break` for the clients that lack `overflow-wrap`).
 */
const WRAP = 'overflow-wrap:anywhere;word-break:break-word';

function renderHtml(body: MailBody): string {
  const paragraphs = body.paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${COLOURS.text};${WRAP}">${escapeHtml(p)}</p>`,
    )
    .join('');
  const action = body.action
    ? `<p style="margin:24px 0;${WRAP}"><a href="${escapeHtml(body.action.url)}" style="display:inline-block;background:${COLOURS.brand};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(body.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${COLOURS.muted};${WRAP}">Or open this address: <a href="${escapeHtml(body.action.url)}" style="color:${COLOURS.brand}">${escapeHtml(body.action.url)}</a></p>`
    : '';
  const note = body.note
    ? `<p style="margin:16px 0 0;font-size:13px;line-height:20px;color:${COLOURS.muted};${WRAP}">${escapeHtml(body.note)}</p>`
    : '';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(body.subject)}</title></head>` +
    `<body style="margin:0;padding:24px 12px;background:${COLOURS.page};font-family:Inter,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">` +
    `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid ${COLOURS.border};border-radius:12px;table-layout:fixed">` +
    `<tr><td style="padding:20px 24px;border-bottom:3px solid ${COLOURS.brand};font-size:20px;font-weight:700;color:${COLOURS.brand}">${escapeHtml(PRODUCT_NAME)}</td></tr>` +
    `<tr><td style="padding:24px;${WRAP}"><h1 style="margin:0 0 16px;font-size:22px;line-height:28px;color:${COLOURS.text};${WRAP}">${escapeHtml(body.heading)}</h1>${paragraphs}${action}${note}</td></tr>` +
    `</table></body></html>`
  );
}

/** Renders one kind of mail with its values. */
export function renderMail<K extends MailKind>(kind: K, values: TemplateValues[K]): MailContent {
  const body = TEMPLATES[kind](values);
  return { subject: body.subject, text: renderText(body), html: renderHtml(body) };
}

/** The time a mail says a change happened at: to the minute, in UTC ("2026-03-05 14:07 UTC"). */
export const mailTime = (date: Date): string => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** An absolute link into the portal: PUBLIC_URL when set (required with SMTP), else the local address. */
export function portalLink(
  config: { publicUrl?: string; host: string; port: number },
  path: string,
  query: Record<string, string> = {},
): string {
  const base = config.publicUrl ?? localBaseUrl(config);
  // A relative path keeps a PUBLIC_URL that has a path of its own (https://example.com/portal/).
  const url = new URL(path.replace(/^\/+/, ''), base.endsWith('/') ? base : `${base}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}
