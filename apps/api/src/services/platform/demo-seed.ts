// Demo data for a lived-in portal (DESIGN §3 DEMO_DATA): an admin, partners in every status,
// referrals in every stage, several months of paid, pending and failed commissions, link visits
// marketing materials, a booking from the scheduling service and an open conflict between two
// partners. Runs only on an empty database.

import { randomUUID } from 'node:crypto';
import {
  AGREEMENT_DEFAULTS,
  COMMISSION_BY_SERVICE,
  DEFAULT_PAYOUT_DAYS,
  OTHER_RETURN_CODE,
  addDays,
  monthBounds,
  monthKey,
  todayIsoDate,
  type CompanyType,
  type ServiceType,
} from '@portal/contracts';
import { sql } from 'kysely';
import type { AppDeps } from '../../deps';
import { logActivity, type DbOrTx } from './activity';
import { captureLead, type CapturedLead } from '../referrals/lead-capture';
import { holdUnplacedBooking } from '../integrations/unplaced-bookings';
import { accrueMonth } from '../money/accrual';
import { insertPayoutLines, returnReasonText } from '../money/payout-lines';
import { bankFieldContext } from './crypto';
import { seedDemoMaterials } from '../materials/demo-materials';
import { refreshPartnerTotals } from '../partners/partner-totals';
import { hashPassword } from '../accounts/passwords';
import { allocateReferralCode } from '../partners/referral-codes';

export const DEMO_PASSWORD = 'demo-password-2026';

export interface DemoSignIn {
  role: string;
  email: string;
  password: string;
  note: string;
}

type PartnerStatus = 'active' | 'pending' | 'rejected' | 'suspended';

interface DemoPartner {
  email: string;
  companyName: string;
  contactName: string;
  companyType: CompanyType;
  status: PartnerStatus;
  website?: string;
  phone?: string;
  /** Months ago the partner applied. */
  appliedMonthsAgo: number;
  referrals?: DemoReferral[];
  /** How the partner is paid, when not by wire. */
  payment?:
    { method: 'ACH'; routing: string; payeeType: 'business' | 'individual' } | { method: 'PayPal'; email: string };
}

interface DemoReferral {
  client: string;
  serviceType: ServiceType;
  monthlyValue: string;
  stage: 'booked' | 'qualified' | 'proposal' | 'won' | 'lost';
  /** For won deals: months ago the contract started. */
  startedMonthsAgo?: number;
  churnedMonthsAgo?: number;
  lostReason?: string;
  notes?: string;
}

const PARTNERS: DemoPartner[] = [
  {
    email: 'maya@northwind-growth.demo',
    companyName: 'Northwind Growth Partners',
    contactName: 'Maya Chen',
    companyType: 'agency',
    status: 'active',
    website: 'https://northwind-growth.example',
    phone: '+1 503 555 0142',
    appliedMonthsAgo: 6,
    referrals: [
      {
        client: 'Lumen Skincare',
        serviceType: 'controller',
        monthlyValue: '2400.00',
        stage: 'won',
        startedMonthsAgo: 4,
        notes: 'Shopify Plus, 3 entities',
      },
      {
        client: 'Trailhead Outfitters',
        serviceType: 'basic_accounting',
        monthlyValue: '650.00',
        stage: 'won',
        startedMonthsAgo: 3,
      },
      {
        client: 'Copper Kettle Coffee',
        serviceType: 'basic_accounting',
        monthlyValue: '500.00',
        stage: 'won',
        startedMonthsAgo: 4,
        churnedMonthsAgo: 1,
        notes: 'Moved in-house',
      },
      {
        client: 'Nimbus Pet Supply',
        serviceType: 'controller',
        monthlyValue: '1800.00',
        stage: 'proposal',
        notes: 'Proposal sent, decision next week',
      },
      { client: 'Verde Home Goods', serviceType: 'basic_accounting', monthlyValue: '550.00', stage: 'booked' },
    ],
  },
  {
    email: 'daniel@summitledger.demo',
    companyName: 'Summit Ledger Advisory',
    contactName: 'Daniel Okafor',
    companyType: 'consultant',
    status: 'active',
    website: 'https://summitledger.example',
    phone: '+1 206 555 0199',
    appliedMonthsAgo: 5,
    payment: { method: 'ACH', routing: '011000015', payeeType: 'business' },
    referrals: [
      {
        client: 'Pixel & Pine Toys',
        serviceType: 'controller',
        monthlyValue: '1500.00',
        stage: 'won',
        startedMonthsAgo: 2,
      },
      { client: 'Harvest Table Foods', serviceType: 'basic_accounting', monthlyValue: '700.00', stage: 'qualified' },
      {
        client: 'Bold Stride Footwear',
        serviceType: 'controller',
        monthlyValue: '2100.00',
        stage: 'lost',
        lostReason: 'Chose a local firm',
      },
    ],
  },
  {
    email: 'priya@shoplineapps.demo',
    companyName: 'Shopline Apps',
    contactName: 'Priya Raman',
    companyType: 'saas',
    status: 'active',
    website: 'https://shoplineapps.example',
    appliedMonthsAgo: 3,
    payment: { method: 'PayPal', email: 'payouts@shoplineapps.example' },
    referrals: [
      {
        client: 'Moonlit Candle Co',
        serviceType: 'basic_accounting',
        monthlyValue: '500.00',
        stage: 'won',
        startedMonthsAgo: 1,
      },
      { client: 'Tidepool Swimwear', serviceType: 'basic_accounting', monthlyValue: '600.00', stage: 'booked' },
    ],
  },
  {
    email: 'alex@creatorcommerce.demo',
    companyName: 'Creator Commerce Co',
    contactName: 'Alex Rivera',
    companyType: 'influencer',
    status: 'active',
    appliedMonthsAgo: 1,
    referrals: [
      { client: 'Granite Peak Supplements', serviceType: 'controller', monthlyValue: '1650.00', stage: 'qualified' },
    ],
  },
  {
    email: 'jonah@brightpath.demo',
    companyName: 'BrightPath Marketing',
    contactName: 'Jonah Reed',
    companyType: 'marketing_agency',
    status: 'pending',
    website: 'https://brightpath.example',
    phone: '+1 415 555 0110',
    appliedMonthsAgo: 0,
  },
  {
    email: 'elena@harborcfo.demo',
    companyName: 'Harbor CFO Collective',
    contactName: 'Elena Petrova',
    companyType: 'cfo',
    status: 'pending',
    appliedMonthsAgo: 0,
  },
  {
    email: 'sam@quickflip.demo',
    companyName: 'QuickFlip Deals',
    contactName: 'Sam Park',
    companyType: 'other',
    status: 'rejected',
    appliedMonthsAgo: 2,
  },
  {
    email: 'nora@atlasdigital.demo',
    companyName: 'Atlas Digital',
    contactName: 'Nora Blake',
    companyType: 'agency',
    status: 'suspended',
    appliedMonthsAgo: 4,
  },
];

const DEMO_REJECTION_REASON = 'Coupon and deal sites are outside the program';
/** Names a clause the partner accepted: Section 5 of the Affiliate Agreement (non-solicitation). */
const DEMO_SUSPENSION_REASON =
  'Solicited a client of the Firm to move its accounting services elsewhere, which Section 5 (Non-solicitation) of the Affiliate Agreement does not allow';
/** The suspended demo partner was suspended 30 days after its review. */
const suspendedAfter = (reviewed: Date) => new Date(reviewed.getTime() + 30 * 86_400_000);

/**
 * A demo partner's history in the Activity log, in the rows the product itself writes: the
 * application by the partner, then the admin's decision, and for the suspended partner its
 * suspension a month later. The partner page and the Activity screen then tell how each came to be.
 */
async function seedPartnerHistory(
  trx: DbOrTx,
  input: {
    partner: { id: string; referralCode: string };
    status: PartnerStatus;
    companyName: string;
    partnerUserId: string;
    adminId: string;
    applied: Date;
    reviewed: Date;
  },
): Promise<void> {
  const { partner, status, adminId, reviewed } = input;
  const entry = (userId: string, action: string, createdAt: Date, details: Record<string, unknown>) => ({
    userId,
    action,
    entityType: 'partner',
    entityId: partner.id,
    details: JSON.stringify(details),
    createdAt,
  });
  const decided = (to: PartnerStatus, at: Date, from: PartnerStatus = 'pending', extra = {}) =>
    entry(adminId, `partner.${to === 'active' ? 'approved' : to}`, at, {
      before: { status: from },
      after: { status: to },
      ...extra,
    });
  const rows = [
    entry(input.partnerUserId, 'partner.applied', input.applied, {
      companyName: input.companyName,
      referralCode: partner.referralCode,
      agreementVersion: '1.0',
    }),
  ];
  if (status === 'rejected') rows.push(decided('rejected', reviewed, 'pending', { reason: DEMO_REJECTION_REASON }));
  if (status === 'active' || status === 'suspended') rows.push(decided('active', reviewed));
  if (status === 'suspended')
    rows.push(decided('suspended', suspendedAfter(reviewed), 'active', { reason: DEMO_SUSPENSION_REASON }));
  await trx.insertInto('activityLog').values(rows).execute();
}

const monthsAgo = (now: Date, n: number) =>
  monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 1)));
const dayInMonth = (month: string, day: number) => `${month}-${String(day).padStart(2, '0')}`;
const instantMonthsAgo = (now: Date, n: number, day = 5) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, day, 15));

/**
 * Lead capture as a newcomer sees it: a Cal.com booking in Maya's Booked column (with its
 * consultation date, as the webhook stores it), Shopline's booking of a client Summit Ledger
 * introduced last month — an open conflict on the Conflicts screen — and a Calendly booking whose
 * client mistyped Maya's code, waiting on the pipeline's Unplaced bookings card.
 */
async function seedBookings(trx: DbOrTx, { deps, now }: { deps: AppDeps; now: Date }): Promise<void> {
  const codeOf = async (email: string) =>
    (
      await trx
        .selectFrom('partners')
        .innerJoin('users', 'users.id', 'partners.userId')
        .select('partners.referralCode')
        .where('users.email', '=', email)
        .executeTakeFirstOrThrow()
    ).referralCode;
  const inTwoDays = new Date(now.getTime() + 2 * 86_400_000);
  inTwoDays.setUTCHours(15, 0, 0, 0);
  const bookings: { email: string; uid: string; lead: Omit<CapturedLead, 'referralCode' | 'booking'> }[] = [
    {
      email: 'maya@northwind-growth.demo',
      uid: 'demo-calcom-brightside',
      lead: {
        clientEmail: 'dana@brightside-goods.example',
        clientName: 'Dana Whitfield',
        clientCompanyName: 'Brightside Goods',
        consultationDate: inTwoDays.toISOString(),
        service: 'cfo',
        utm: { source: 'newsletter', campaign: 'q4-partners', content: 'maya' },
      },
    },
    {
      email: 'priya@shoplineapps.demo',
      uid: 'demo-calcom-harvest',
      lead: {
        clientEmail: 'owner@harvesttablefoods.example',
        clientName: 'Rosa Alvarez',
        clientCompanyName: 'Harvest Table Foods',
        consultationDate: new Date(inTwoDays.getTime() + 86_400_000).toISOString(),
        service: 'basic',
      },
    },
  ];
  for (const booking of bookings) {
    const referralCode = await codeOf(booking.email);
    const captured = await captureLead(trx, {
      lead: { ...booking.lead, referralCode, booking: { provider: 'calcom', uid: booking.uid } },
      source: 'booking',
      actorId: null,
      now,
      mail: deps,
    });
    await trx
      .insertInto('inboundEvents')
      .values({
        source: 'calcom',
        eventId: `BOOKING_CREATED:${booking.uid}`,
        eventType: 'BOOKING_CREATED',
        receivedAt: now,
        outcome: captured.outcome,
        referralId: captured.referral?.id ?? null,
        referralCode,
        clientEmail: booking.lead.clientEmail,
      })
      .execute();
  }
  // The link's code with its fifth letter dropped: no partner has it.
  const mayaCode = await codeOf('maya@northwind-growth.demo');
  const mistyped = `${mayaCode.slice(0, 4)}${mayaCode.slice(5)}`;
  const uid = 'https://api.calendly.com/scheduled_events/EVdemo/invitees/demo-calendly-typo';
  const eventId = `invitee.created:${uid}`;
  const lead: CapturedLead = {
    referralCode: mistyped,
    clientEmail: 'jordan@saltwatercandle.example',
    clientName: 'Jordan Reyes',
    clientCompanyName: 'Saltwater Candle Works',
    consultationDate: new Date(inTwoDays.getTime() + 2 * 86_400_000).toISOString(),
    service: 'basic',
    utm: { source: 'linkedin', medium: 'social', content: mistyped, term: 'basic' },
    booking: { provider: 'calendly', uid },
  };
  await trx
    .insertInto('inboundEvents')
    .values({
      source: 'calendly',
      eventId,
      eventType: 'invitee.created',
      receivedAt: new Date(now.getTime() - 3 * 3_600_000),
      outcome: 'unknown code',
      referralCode: mistyped,
      clientEmail: lead.clientEmail,
    })
    .execute();
  await holdUnplacedBooking(trx, { source: 'calendly', eventId, lead, now, mail: deps });
}

/**
 * Fees follow client payments: every demo fee gets the payment that earned it (the client's monthly
 * value, paid on the 3rd of the month, imported from the billing system), payable from that day and
 * due 30 days later, so this month's fees are payable in the processor and due next month. One wire
 * partner's client has its fee for last month taken back out, so "no payment recorded for last month"
 * shows a client (a wire partner's, so the ACH and PayPal partners keep their fee in the latest payout).
 * A Stripe invoice that names no client waits to be matched.
 */
async function seedDemoClientPayments(deps: AppDeps, now: Date): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  await deps.db.transaction().execute(async (trx) => {
    const unpaid = await trx
      .selectFrom('commissions as c')
      .innerJoin('partners as p', 'p.id', 'c.partnerId')
      .select('c.id')
      .where('c.kind', '=', 'recurring')
      .where('c.monthYear', '=', monthsAgo(now, 1))
      .where('p.paymentMethod', '=', 'Wire')
      .orderBy('c.amount', 'desc')
      .orderBy('c.id')
      .limit(1)
      .executeTakeFirst();
    if (unpaid) await trx.deleteFrom('commissions').where('id', '=', unpaid.id).execute();
    await sql`
      insert into client_payments (referral_id, period_month, amount, paid_at, reference, source, external_id, created_at)
      select c.referral_id, c.month_year, r.monthly_value, least((c.month_year || '-03')::date, ${today}::date),
        'INV-' || replace(c.month_year, '-', '') || '-' || upper(substr(replace(r.id::text, '-', ''), 1, 6)),
        'import', 'demo:' || c.id::text, ${now}
      from commissions c join referrals r on r.id = c.referral_id
      where c.kind = 'recurring'`.execute(trx);
    await sql`
      update commissions c set client_payment_id = p.id, due_by = p.paid_at + ${DEFAULT_PAYOUT_DAYS}::int, payable_from = p.paid_at,
        -- Booked on the day the client paid, so each month's statement lists the fees of that month.
        created_at = least((p.paid_at::timestamp + interval '12 hours') at time zone 'UTC', ${now}::timestamptz),
        updated_at = least((p.paid_at::timestamp + interval '12 hours') at time zone 'UTC', ${now}::timestamptz)
      from client_payments p where p.external_id = 'demo:' || c.id::text`.execute(trx);
    // Stripe sent a paid invoice whose customer email is no client's: it waits in the Client payments
    // panel for an admin to match it to the client it was for.
    const lastMonth = monthsAgo(now, 1);
    await trx
      .insertInto('stripeEvents')
      .values({
        id: 'evt_demo_unmatched_invoice',
        type: 'invoice.paid',
        status: 'unmatched',
        customerId: 'cus_DemoAcctsPayable',
        customerEmail: 'ap@harborline-home.demo',
        invoiceId: 'in_demo_harborline',
        periodMonth: lastMonth,
        amount: '1800.00',
        paidAt: today,
        detail: 'No won client has the email ap@harborline-home.demo',
        receivedAt: now,
      })
      .execute();
  });
}

/** Wire by default; the ACH partner has a US account (valid ABA number), the PayPal partner an email. */
function demoPaymentDetails(deps: AppDeps, id: string, demo: DemoPartner, index: number) {
  const account = `4410${String(index).padStart(4, '0')}7788`;
  if (demo.payment?.method === 'PayPal')
    return {
      paymentMethod: 'PayPal' as const,
      paypalEmail: deps.cipher.encrypt(demo.payment.email, bankFieldContext(id, 'paypal_email')),
    };
  if (demo.payment?.method === 'ACH')
    return {
      paymentMethod: 'ACH' as const,
      payeeType: demo.payment.payeeType,
      bankName: 'Cascade Community Bank',
      bankRoutingNumber: deps.cipher.encrypt(demo.payment.routing, bankFieldContext(id, 'bank_routing_number')),
      bankAccountNumber: deps.cipher.encrypt(account, bankFieldContext(id, 'bank_account_number')),
      bankAccountType: 'checking' as const,
      bankAccountHolderName: demo.companyName,
    };
  return {
    paymentMethod: 'Wire' as const,
    bankName: 'First Cascade Bank',
    bankRoutingNumber: deps.cipher.encrypt('123000848', bankFieldContext(id, 'bank_routing_number')),
    bankAccountNumber: deps.cipher.encrypt(account, bankFieldContext(id, 'bank_account_number')),
    bankAccountType: 'checking' as const,
    bankAccountHolderName: demo.companyName,
    bankAddress: '100 SW Main St, Portland, OR 97204',
    beneficiaryAddress: '2200 NW Front Ave, Portland, OR 97209',
  };
}

const DAY_MS = 86_400_000;

/**
 * How a demo payment comes back, in the words of the partner's payment method: an ACH credit with
 * its return code, a PayPal payment as PayPal says it. Wire lines are confirmed.
 */
const DEMO_RETURNS: Record<'ACH' | 'PayPal', { returnCode: string; reason?: string }> = {
  ACH: { returnCode: 'R02' },
  PayPal: { returnCode: OTHER_RETURN_CODE, reason: 'PayPal returned the payment: the receiving account is restricted' },
};

/**
 * The payout's ACH and PayPal lines come back as a recorded return leaves them: the line returned
 * with its code and reason, the partner's fees in it failed with "Returned: <reason>".
 */
async function returnDemoLines(trx: DbOrTx, { payoutId, at }: { payoutId: string; at: Date }): Promise<void> {
  for (const method of ['ACH', 'PayPal'] as const) {
    const { returnCode, reason } = DEMO_RETURNS[method];
    const returnReason = returnReasonText(returnCode, reason);
    const lines = await trx
      .updateTable('payoutLines')
      .set({ status: 'returned', returnCode, returnReason, resolvedAt: at })
      .where('payoutId', '=', payoutId)
      .where('paymentMethod', '=', method)
      .returning('partnerId')
      .execute();
    for (const line of lines)
      await trx
        .updateTable('commissions')
        .set({ status: 'failed', failureReason: `Returned: ${returnReason}`, updatedAt: at })
        .where('payoutId', '=', payoutId)
        .where('partnerId', '=', line.partnerId)
        .execute();
  }
}

/**
 * The demo's qualification facts under version 1's terms: a deal past `booked` was accepted (an open
 * proposal 50 days ago, so its window ends within the pipeline's 14-day warning; a qualified one 20 days
 * ago), and a won client signed on its close day with annual sales above the minimum, a qualifying client.
 */
interface DemoQualification {
  acceptedAt?: Date;
  termsVersion?: number;
  qualifiesBy?: string;
  signedAt?: string;
  annualSales?: string;
  qualifying?: boolean;
}

function demoQualification(stage: string, created: Date, now: Date): DemoQualification {
  if (stage === 'booked') return {};
  // Accepted two days after it came in at the earliest (a proposal's window nearer its end than a
  // qualified deal's), never before the referral existed nor after now.
  const intended =
    stage === 'proposal' ? now.getTime() - 50 * DAY_MS : stage === 'qualified' ? now.getTime() - 20 * DAY_MS : 0;
  const acceptedAt = new Date(Math.min(now.getTime(), Math.max(intended, created.getTime() + 2 * DAY_MS)));
  const won =
    stage === 'won'
      ? {
          signedAt: todayIsoDate(new Date(created.getTime() + 14 * DAY_MS)),
          annualSales: '2400000.00',
          qualifying: true,
        }
      : {};
  return {
    acceptedAt,
    termsVersion: 1,
    qualifiesBy: addDays(todayIsoDate(acceptedAt), AGREEMENT_DEFAULTS.qualificationDays),
    ...won,
  };
}

export async function isDatabaseEmpty(deps: Pick<AppDeps, 'db'>): Promise<boolean> {
  const user = await deps.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return !user;
}

/** Seeds the demo; returns the sign-ins to print. Does nothing (and returns []) on a non-empty database. */
export async function seedDemo(deps: AppDeps, options: { adminEmail?: string } = {}): Promise<DemoSignIn[]> {
  if (!(await isDatabaseEmpty(deps))) return [];
  const now = deps.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const adminEmail = options.adminEmail ?? 'admin@partnerportal.demo';

  const partnerIds = await deps.db.transaction().execute(async (trx) => {
    const admin = await trx
      .insertInto('users')
      .values({ email: adminEmail, passwordHash, role: 'admin', displayName: 'Morgan Lee' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('users')
      .values({ email: 'new.partner@partnerportal.demo', passwordHash, role: 'partner' })
      .execute();
    // The rejected demo partner's screen names where to write.
    await trx.updateTable('programSettings').set({ supportEmail: 'partners@partnerportal.demo' }).execute();
    const ids: string[] = [];
    for (const demo of PARTNERS) {
      const user = await trx
        .insertInto('users')
        .values({ email: demo.email, passwordHash, role: 'partner' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const applied = instantMonthsAgo(now, demo.appliedMonthsAgo, 3);
      // Reviewed two days later, in the morning.
      const reviewed = new Date(applied.getTime() + 42 * 3600 * 1000);
      const id = randomUUID();
      const partner = await trx
        .insertInto('partners')
        .values({
          id,
          userId: user.id,
          companyName: demo.companyName,
          contactName: demo.contactName,
          companyType: demo.companyType,
          website: demo.website ?? null,
          phone: demo.phone ?? null,
          expectedVolume: '3-5 referrals/month',
          ...demoPaymentDetails(deps, id, demo, ids.length + 1),
          status: demo.status,
          referralCode: await allocateReferralCode(trx, demo.companyName),
          applicationDate: applied,
          agreementSigned: true,
          agreementSignedAt: applied,
          agreementVersion: '1.0',
          approvedAt: demo.status === 'active' || demo.status === 'suspended' ? reviewed : null,
          approvedBy: demo.status === 'active' || demo.status === 'suspended' ? admin.id : null,
          rejectedAt: demo.status === 'rejected' ? reviewed : null,
          rejectedBy: demo.status === 'rejected' ? admin.id : null,
          rejectionReason: demo.status === 'rejected' ? DEMO_REJECTION_REASON : null,
          suspendedAt: demo.status === 'suspended' ? suspendedAfter(reviewed) : null,
          suspensionReason: demo.status === 'suspended' ? DEMO_SUSPENSION_REASON : null,
          createdAt: applied,
        })
        .returning(['id', 'referralCode'])
        .executeTakeFirstOrThrow();
      ids.push(partner.id);
      await seedPartnerHistory(trx, {
        partner,
        status: demo.status,
        companyName: demo.companyName,
        partnerUserId: user.id,
        adminId: admin.id,
        applied,
        reviewed,
      });
      for (const [index, r] of (demo.referrals ?? []).entries()) {
        const created = instantMonthsAgo(now, (r.startedMonthsAgo ?? 0) + 1, 8 + index);
        const startMonth = r.startedMonthsAgo !== undefined ? monthsAgo(now, r.startedMonthsAgo) : null;
        const after = (days: number) => new Date(created.getTime() + days * 86400_000);
        const proposalDate = r.stage === 'proposal' || r.stage === 'won' ? after(7) : null;
        const closeDate = r.stage === 'won' || r.stage === 'lost' ? after(14) : null;
        const churnDate = r.churnedMonthsAgo !== undefined ? monthBounds(monthsAgo(now, r.churnedMonthsAgo)).end : null;
        const qualification = demoQualification(r.stage, created, now);
        // Last changed at its latest step that has happened: an admin moved it, accepted it, or marked the churn.
        const updatedAt = new Date(
          Math.min(
            now.getTime(),
            Math.max(
              ...[created, proposalDate, closeDate, qualification.acceptedAt, churnDate ? new Date(churnDate) : null]
                .filter((date): date is Date => date !== null && date !== undefined && date.getTime() <= now.getTime())
                .map((date) => date.getTime()),
            ),
          ),
        );
        await trx
          .insertInto('referrals')
          .values({
            partnerId: partner.id,
            clientCompanyName: r.client,
            clientEmail: `finance@${r.client.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
            serviceType: r.serviceType,
            monthlyValue: r.monthlyValue,
            commissionAmount: COMMISSION_BY_SERVICE[r.serviceType],
            stage: r.stage,
            consultationDate: new Date(created.getTime() + 3 * 86400_000),
            proposalDate,
            closeDate,
            contractStartDate: startMonth ? dayInMonth(startMonth, 1) : null,
            churnDate,
            lostReason: r.lostReason ?? null,
            notes: r.notes ?? null,
            referralSource: 'partner_link',
            ...qualification,
            createdAt: created,
            updatedAt,
          })
          .execute();
        await trx
          .updateTable('partners')
          .set({ firstReferralDate: sql`coalesce(first_referral_date, ${created})`, lastReferralDate: created })
          .where('id', '=', partner.id)
          .execute();
      }
      if (demo.status === 'active') {
        // Link visits in each of the funnel's six months, more where the partner's referrals came in,
        // so a month's visit-to-booking rate compares visits and bookings of the same month.
        const referralMonths = (demo.referrals ?? []).map((r) => monthsAgo(now, (r.startedMonthsAgo ?? 0) + 1));
        const visits = Array.from({ length: 6 }, (_, n) => {
          const bookings = referralMonths.filter((month) => month === monthsAgo(now, n)).length;
          const days = n === 0 ? Math.max(1, now.getUTCDate() - 1) : 28;
          return Array.from({ length: 2 + ids.length + 4 * bookings }, (_, v) => ({
            partnerId: partner.id,
            referralCode: partner.referralCode,
            utmSource: v % 2 ? 'newsletter' : 'linkedin',
            utmMedium: 'social',
            utmCampaign: 'q4-partners',
            createdAt: instantMonthsAgo(now, n, 1 + (v % days)),
          }));
        }).flat();
        await trx.insertInto('referralVisits').values(visits).execute();
      }
    }
    await seedBookings(trx, { deps, now });
    await logActivity(trx, {
      userId: admin.id,
      action: 'demo.seeded',
      entityType: 'user',
      entityId: admin.id,
      details: { partners: ids.length },
    });
    return ids;
  });

  // Four months of accrual and the current one. Each past month's fees are paid in one payout on the
  // 20th of that month: after the clients' payments on the 3rd (the hold is 0 days) and before the
  // fees' deadline 30 days later, as the agreement's "within thirty days" asks. This month's fees stay
  // pending, payable and due next month, so no seeded fee is overdue.
  for (let n = 4; n >= 0; n--) await accrueMonth(deps.db, { month: monthsAgo(now, n), now });
  await seedDemoClientPayments(deps, now);
  await deps.db.transaction().execute(async (trx) => {
    for (let n = 4; n >= 1; n--) {
      const month = monthsAgo(now, n);
      const paidAt = instantMonthsAgo(now, n, 20);
      const reference = `PO-${month.replace('-', '')}-DEMO`;
      const totals = await trx
        .selectFrom('commissions')
        .select([
          sql<string>`coalesce(sum(amount), 0)::numeric(12,2)`.as('total'),
          sql<number>`count(*)::int`.as('count'),
          sql<number>`count(distinct partner_id)::int`.as('partners'),
        ])
        .where('monthYear', '=', month)
        .executeTakeFirstOrThrow();
      if (totals.count === 0) continue;
      const payout = await trx
        .insertInto('payouts')
        .values({
          idempotencyKey: `demo-${month}`,
          requestHash: 'demo',
          reference,
          total: totals.total,
          commissionCount: totals.count,
          partnerCount: totals.partners,
          createdAt: paidAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Each fee is paid by its partner's method; the payout went out the next day and every line
      // was confirmed, except in the latest one, whose ACH and PayPal lines came back.
      await sql`
        update commissions c set status = 'paid', payment_date = ${paidAt}, payment_method = p.payment_method,
          payment_reference = ${reference}, payout_id = ${payout.id}, updated_at = ${paidAt}
        from partners p where p.id = c.partner_id and c.month_year = ${month}
      `.execute(trx);
      await insertPayoutLines(trx, payout.id);
      const sentAt = new Date(paidAt.getTime() + DAY_MS);
      await trx.updateTable('payouts').set({ sentAt }).where('id', '=', payout.id).execute();
      await trx
        .updateTable('payoutLines')
        .set({ status: 'confirmed', resolvedAt: sentAt })
        .where('payoutId', '=', payout.id)
        .execute();
      if (n === 1) await returnDemoLines(trx, { payoutId: payout.id, at: new Date(sentAt.getTime() + 2 * DAY_MS) });
    }
    await refreshPartnerTotals(trx, { partnerIds, now });
  });

  await seedDemoMaterials(deps);

  return [
    { role: 'Admin', email: adminEmail, password: DEMO_PASSWORD, note: 'approval queue, pipeline, payouts' },
    {
      role: 'Active partner',
      email: PARTNERS[0]!.email,
      password: DEMO_PASSWORD,
      note: 'dashboard with referrals and commissions',
    },
    {
      role: 'Pending partner',
      email: 'jonah@brightpath.demo',
      password: DEMO_PASSWORD,
      note: 'application under review',
    },
    { role: 'Rejected partner', email: 'sam@quickflip.demo', password: DEMO_PASSWORD, note: 'account status screen' },
    {
      role: 'New partner',
      email: 'new.partner@partnerportal.demo',
      password: DEMO_PASSWORD,
      note: 'registration form with the agreement',
    },
  ];
}

export function formatSignIns(signIns: DemoSignIn[]): string {
  const width = Math.max(...signIns.map((s) => s.email.length));
  return [
    'Demo sign-ins (password for all: ' + DEMO_PASSWORD + '):',
    ...signIns.map((s) => `  ${s.role.padEnd(17)} ${s.email.padEnd(width)}  ${s.note}`),
  ].join('\n');
}
