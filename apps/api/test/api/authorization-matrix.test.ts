// Who may call what. Every tRPC procedure (over HTTP at /trpc) and every REST path
// (the restRoutes table and the raw routes) is called as each of five principals with a valid
// input, and with three API keys (every scope; one scope; every scope whose creator was deactivated, which
// answers 401 everywhere but the public calls), and the answer's status is
// compared with the table below. A procedure or path that the table does not list fails the suite, so a new endpoint cannot ship without a decision here.
// Denied principals are tried before the allowed ones, so a refused call that wrongly wrote
// something would show up as a changed outcome for the next principal.

import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { hashPassword, mfaSecretContext, startMfaChallenge } from '../../src/services/accounts';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestRoute } from '../../src/rest/adapter';
import { rawRoutes, restRoutes } from '../../src/rest/routes';
import { generate, generateSecret } from 'otplib';
import { downloadTokensFor, type DownloadTarget } from '../../src/services/materials';
import { enqueueMail, unsubscribeToken } from '../../src/services/notifications';
import type { ApiKeyScope } from '@portal/contracts';
import { API_KEY_SCOPES } from '@portal/contracts';
import { createApiKey } from '../../src/services/integrations';
import { createWebhook, enqueueTestEvent } from '../../src/services/integrations';
import type { SessionUser } from '../../src/trpc/context';
import { appRouter } from '../../src/trpc/router';
import { createTestApp, type PartnerFixture, type TestApp } from '../support';

const ROLES = ['anonymous', 'pending', 'active', 'other', 'admin', 'finance', 'viewer'] as const;
type Role = (typeof ROLES)[number];
/** An exact status, or any 2xx. */
type Outcome = 200 | 201 | 400 | 401 | 403 | 404 | 409 | '2xx';
type Expectation = Record<Role, Outcome>;

/** The team roles answer like the admin unless told otherwise (finance, then viewer like finance). */
const access = (
  anonymous: Outcome,
  pending: Outcome,
  active: Outcome,
  other: Outcome,
  admin: Outcome,
  finance: Outcome = admin,
  viewer: Outcome = finance,
): Expectation => ({
  anonymous,
  pending,
  active,
  other,
  admin,
  finance,
  viewer,
});
/** Anyone, signed in or not. */
const PUBLIC = access('2xx', '2xx', '2xx', '2xx', '2xx');
/** Any signed-in user. */
const SIGNED_IN = access(401, '2xx', '2xx', '2xx', '2xx');
/** A partner user (role partner), whatever the state of the partner record. */
const PARTNER_USER = access(401, '2xx', '2xx', '2xx', 403);
/** A partner user with a partner record in any status. */
const PARTNER_RECORD = access(401, '2xx', '2xx', '2xx', 403);
/** An approved partner only. */
const ACTIVE_PARTNER = access(401, 403, '2xx', '2xx', 403);
/** The marketing library: approved partners, and admins (who preview). */
const LIBRARY = access(401, 403, '2xx', '2xx', '2xx');
/** The full admin only (partner decisions, materials, mail log, team). */
const ADMIN = access(401, 403, 403, 403, '2xx', 403, 403);
/** Read-only admin lists: every team role. */
const READ = access(401, 403, 403, 403, '2xx', '2xx', '2xx');
/** Money (commissions, accrual, payouts) and exports with bank data: admin and finance. */
const MONEY = access(401, 403, 403, 403, '2xx', '2xx', 403);

interface Fixtures {
  t: TestApp;
  users: Record<Exclude<Role, 'anonymous'>, SessionUser>;
  headers: Record<Role, Record<string, string>>;
  pending: PartnerFixture;
  active: PartnerFixture;
  other: PartnerFixture;
  /** Ids and texts of the active partner that no other partner may ever see. */
  activePrivate: string[];
  /** API-key principals: one holding every scope, one holding materials:read only. */
  keyHeaders: Record<KeyPrincipal, Record<string, string>>;
  activeReferralId: string;
  login: { email: string; password: string };
  linkMaterialId: string;
  fileMaterialId: string;
  fileMaterial: DownloadTarget;
  payoutId: string;
  webhookId: string;
  webhookDeliveryId: string;
}

/** `orphaned`: every scope, but its creator was deactivated afterwards (the key itself never revoked). */
const KEY_PRINCIPALS = ['all', 'narrow', 'orphaned'] as const;
type KeyPrincipal = (typeof KEY_PRINCIPALS)[number];

/**
 * The API-key column: a key acts within its scopes only. With every scope it is refused (403) the
 * calls no scope names (a partner's own pages, the account, the Email log, keys, team and activity) and
 * otherwise answers like the admin; with materials:read alone it reaches the public calls and the
 * admin's materials list only.
 */
const KEY_REFUSED_WITH_EVERY_SCOPE = new Set([
  'auth.me',
  'auth.logout',
  'auth.changePassword',
  'auth.updateDisplayName',
  'partner.me',
  'partner.submitApplication',
  'partner.referrals',
  'partner.createReferral',
  'partner.metrics',
  'partner.commissions',
  'partner.earningsByMonth',
  'partner.materials',
  'partner.downloadMaterial',
  'partner.mailPreferences',
  'partner.updateMailPreferences',
  'admin.emails',
  'admin.email',
  'admin.resendEmail',
  'admin.apiKeys',
  'admin.createApiKey',
  'admin.revokeApiKey',
  'admin.team',
  'admin.revokeInvitation',
  'admin.resendInvitation',
  'partner.referralPaidMonths',
  'admin.inviteMember',
  'admin.changeMemberRole',
  'admin.removeMember',
  'admin.resetMemberMfa',
  'admin.activity',
  'auth.mfaSetup',
  'auth.mfaEnable',
  'auth.mfaDisable',
  'partner.funnel',
  'partner.recentBookings',
  'partner.agreement',
  'partner.acceptAgreement',
  'partner.partnershipEnd',
  'partner.giveNotice',
  'partner.withdrawNotice',
  'admin.publishProgramTerms',
]);
/** Raw paths no scope names: the audit log's CSV and decrypted numbers (a payout's wire instructions, the 1099-NEC report's TINs). */
const RAW_KEY_REFUSED_WITH_EVERY_SCOPE = new Set([
  'GET /api/admin/activity.csv',
  'GET /api/admin/payouts/{id}/wire-instructions.csv',
  'GET /api/admin/payouts/{id}/ach.txt',
  'GET /api/admin/payouts/{id}/paypal.csv',
  'GET /api/admin/exports/1099-nec/{year}.csv',
]);
const NARROW_KEY_ALLOWED = new Set(['admin.materials']);

function keyOutcome(path: string, principal: KeyPrincipal, entry: Case): Outcome {
  if (entry.expect.anonymous === '2xx') return '2xx';
  if (principal === 'orphaned') return 401;
  if (principal === 'narrow') return NARROW_KEY_ALLOWED.has(path) ? '2xx' : 403;
  return KEY_REFUSED_WITH_EVERY_SCOPE.has(path) ? 403 : entry.expect.admin;
}

interface Case {
  expect: Expectation;
  /** A valid input for this principal's call (built anew for every cell). */
  input?: (fx: Fixtures, role: Role) => Promise<unknown> | unknown;
  /** The call ends the principal's sessions (logout): use a throwaway principal of the same kind. */
  freshPrincipal?: boolean;
}

const MATRIX_CALCOM_SECRET = 'matrix-calcom-secret';
const MATRIX_CALENDLY_KEY = 'matrix-calendly-key';
const MATRIX_STRIPE_SECRET = 'whsec_matrix_stripe_secret';

/** A booking no active partner got, waiting on the Unplaced bookings card. */
async function newUnplacedBooking(fx: Fixtures): Promise<string> {
  const row = await fx.t.db
    .insertInto('inboundEvents')
    .values({
      source: 'calendly',
      eventId: unique('invitee.created:matrix'),
      eventType: 'invitee.created',
      receivedAt: new Date(),
      outcome: 'unknown code',
      referralCode: 'MATRIX-TYPO',
      clientEmail: `${unique('unplaced')}@matrix-unplaced.example`,
      unplacedReason: 'unknown_code',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A fresh open conflict: the other partner's client, claimed second by the active partner. */
async function newConflict(fx: Fixtures): Promise<string> {
  const email = `${unique('conflict')}@matrix-conflict.example`;
  const first = await fx.t.createReferral(fx.other.partnerId, { clientCompanyName: unique('First') });
  await fx.t.db.updateTable('referrals').set({ clientEmail: email }).where('id', '=', first).execute();
  const second = await fx.t.createReferral(fx.active.partnerId, { clientCompanyName: unique('Second') });
  await fx.t.db
    .updateTable('referrals')
    .set({ clientEmail: email, conflictOf: first })
    .where('id', '=', second)
    .execute();
  return second;
}

let seq = 0;
const MATRIX_PASSWORD = 'matrix-pass-1';
let matrixPasswordHash = '';

/** A live reset token of a new account (written directly: the mail flow has its own tests). */
async function resetTokenFor(fx: Fixtures) {
  const user = await fx.t.createUser({ role: 'partner' });
  const token = randomBytes(32).toString('base64url');
  await fx.t.db
    .insertInto('passwordResetTokens')
    .values({
      userId: user.id,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(fx.t.deps.now().getTime() + 60_000),
    })
    .execute();
  return { token, password: unique('matrix-reset') };
}
/** A live MFA token of a new account with TOTP on, and its current code (written directly: the flow has its own tests). */
async function mfaChallengeFor(fx: Fixtures) {
  const user = await fx.t.createUser({ role: 'partner' });
  const secret = generateSecret();
  await fx.t.db
    .updateTable('users')
    .set({ mfaSecret: fx.t.deps.cipher.encrypt(secret, mfaSecretContext(user.id)), mfaEnabled: true })
    .where('id', '=', user.id)
    .execute();
  const { mfaToken } = await startMfaChallenge(fx.t.deps, user.id);
  return { mfaToken, code: await generate({ secret, epoch: Math.floor(fx.t.deps.now().getTime() / 1000) }) };
}

/** A live invitation to the team (written directly: the mail flow has its own tests). */
async function invitationFor(fx: Fixtures) {
  const token = randomBytes(32).toString('base64url');
  await fx.t.db
    .insertInto('teamInvitations')
    .values({
      email: `${unique('joiner')}@example.com`,
      role: 'viewer',
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(fx.t.deps.now().getTime() + 60_000),
    })
    .execute();
  return { token, password: unique('matrix-team-password') };
}
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(seq++).toString(36)}`;

const newApiKey = (fx: Fixtures, scopes: ApiKeyScope[]) =>
  createApiKey(fx.t.db, { createdBy: fx.users.admin.id, input: { name: unique('Key'), scopes }, now: fx.t.deps.now() });
/** A key with every scope whose creator, another admin, is then deactivated behind the services' back. */
async function orphanedKey(fx: Fixtures): Promise<string> {
  const creator = await fx.t.createUser({ role: 'admin' });
  const key = await fx.t.createApiKey(creator, [...API_KEY_SCOPES], unique('Orphaned key'));
  await fx.t.db.updateTable('users').set({ active: false }).where('id', '=', creator.id).execute();
  return key;
}
/** A recorded payment of the active partner's client, to refund. */
const newClientPayment = async (fx: Fixtures) => {
  const row = await fx.t.db
    .insertInto('clientPayments')
    .values({
      referralId: fx.activeReferralId,
      periodMonth: '2026-09',
      amount: '100.00',
      paidAt: '2026-10-03',
      collectionCost: '0.00',
      source: 'manual',
      createdAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};
/** An invoice Stripe sent that names no client, waiting for an admin. */
const newUnmatchedStripeEvent = async (fx: Fixtures) => {
  const id = `evt_${unique('matrix')}`;
  await fx.t.db
    .insertInto('stripeEvents')
    .values({
      id,
      type: 'invoice.paid',
      status: 'unmatched',
      customerEmail: 'nobody@matrix.example',
      invoiceId: `in_${unique('matrix')}`,
      periodMonth: '2026-08',
      amount: '100.00',
      paidAt: '2026-09-03',
      detail: 'No won client has the email nobody@matrix.example',
    })
    .execute();
  return id;
};

const newWebhook = async (fx: Fixtures) =>
  (
    await createWebhook(fx.t.db, {
      deps: { cipher: fx.t.deps.cipher, allowPrivate: true },
      actorId: fx.users.admin.id,
      input: { url: 'http://127.0.0.1:9/hook', events: ['partner.applied'] },
      now: fx.t.deps.now(),
    })
  ).id;
const newPartnerTarget = async (fx: Fixtures, status: 'pending' | 'active' | 'suspended') =>
  (await fx.t.createPartner({ status })).partnerId;
/**
 * A pending commission of a partner of its own: a fee another row marks failed holds its partner back from
 * payouts until settled, so each payout row pays a partner no earlier row has touched.
 */
const newPendingCommission = async (fx: Fixtures) => (await newPayable(fx)).commissionId;
const newPayable = async (fx: Fixtures) => {
  const { partnerId } = await fx.t.createPartner({ status: 'active' });
  return { partnerId, commissionId: await fx.t.createWonCommission({ partnerId, monthYear: '2025-02' }) };
};
/** A pending team invitation (made by the admin), for revoking or resending. */
const newInvitation = async (fx: Fixtures) => {
  const invitation = await fx.t.caller(fx.users.admin).admin.inviteMember({
    email: `${unique('invitee')}@example.com`,
    role: 'viewer',
  });
  return invitation.id;
};
/** A payout of one new commission of a new partner, marked sent: its line can be confirmed or returned. */
const newSentPayout = async (fx: Fixtures) => {
  const asAdmin = fx.t.caller(fx.users.admin);
  const { partnerId, commissionId } = await newPayable(fx);
  const payout = await asAdmin.admin.processPayout({ commissionIds: [commissionId], idempotencyKey: randomUUID() });
  await asAdmin.admin.markPayoutSent({ payoutId: payout.id });
  return { payoutId: payout.id, partnerId };
};
/** A mail in the outbox, for opening or resending. */
const newMail = (fx: Fixtures) =>
  enqueueMail(fx.t.db, {
    mail: { kind: 'matrix', recipient: 'matrix@example.com', subject: unique('Matrix'), text: 't', html: '<p>t</p>' },
    now: fx.t.deps.now(),
  });
const application = () => ({
  companyName: 'Matrix Agency',
  contactName: 'Mat Rix',
  companyType: 'agency',
  expectedVolume: '3-5 referrals/month',
  paymentMethod: 'Wire',
  bankName: 'First Bank',
  bankRoutingNumber: '021000021',
  bankAccountNumber: '12345678',
  bankAccountType: 'checking',
  bankAccountHolderName: 'Matrix Agency LLC',
  bankAddress: '1 Bank Street, Springfield',
  beneficiaryAddress: '2 Main Street, Springfield',
  agreementSigned: true,
});

/** Every tRPC procedure. Keys must match appRouter exactly. */
/** Bank details a fresh partner principal may save (it carries MATRIX_PASSWORD). */
const MATRIX_BANK_DETAILS = {
  bankName: 'Matrix Bank',
  bankRoutingNumber: '021000021',
  bankAccountNumber: '99887766',
  bankAccountType: 'savings',
  bankAccountHolderName: 'Matrix Agency LLC',
  bankAddress: '3 Bank Street',
  beneficiaryAddress: '4 Main Street',
  currentPassword: MATRIX_PASSWORD,
};

const PROCEDURES: Record<string, Case> = {
  'auth.register': {
    expect: PUBLIC,
    input: () => ({ email: `${unique('reg')}@example.com`, password: 'secret-pass-1' }),
  },
  'auth.login': { expect: PUBLIC, input: (fx) => fx.login },
  'auth.me': { expect: SIGNED_IN },
  'auth.logout': { expect: SIGNED_IN, freshPrincipal: true },
  'auth.forgotPassword': { expect: PUBLIC, input: () => ({ email: `${unique('forgot')}@example.com` }) },
  'auth.checkResetLink': { expect: PUBLIC, input: async (fx) => ({ token: (await resetTokenFor(fx)).token }) },
  'auth.resetPassword': { expect: PUBLIC, input: (fx) => resetTokenFor(fx) },
  // Fresh principals carry MATRIX_PASSWORD, and the change ends their other sessions.
  'auth.changePassword': {
    expect: SIGNED_IN,
    freshPrincipal: true,
    input: () => ({ currentPassword: MATRIX_PASSWORD, newPassword: unique('matrix-new') }),
  },
  // A team member's own name; partners are named by their contact name.
  'auth.updateDisplayName': { expect: READ, input: () => ({ displayName: 'Matrix Member' }) },

  'partner.me': { expect: PARTNER_USER },
  // Every partner principal already has a record: applying again is a conflict.
  'partner.submitApplication': { expect: access(401, 409, 409, 409, 403), input: application },
  'partner.referrals': { expect: ACTIVE_PARTNER },
  'partner.referralsPage': { expect: ACTIVE_PARTNER, input: () => ({ stage: 'booked', search: 'Client' }) },
  'partner.createReferral': {
    expect: ACTIVE_PARTNER,
    input: () => ({ clientCompanyName: unique('Client'), serviceType: 'basic_accounting', monthlyValue: '750.00' }),
  },
  'partner.metrics': { expect: ACTIVE_PARTNER },
  'partner.commissions': { expect: PARTNER_RECORD },
  'partner.earningsByMonth': { expect: ACTIVE_PARTNER, input: () => ({ months: 12 }) },
  'partner.materials': { expect: LIBRARY },
  'partner.downloadMaterial': { expect: LIBRARY, input: (fx) => ({ id: fx.fileMaterialId }) },
  'partner.mailPreferences': { expect: PARTNER_RECORD },
  'partner.agreement': { expect: PARTNER_RECORD },
  'partner.acceptAgreement': { expect: PARTNER_RECORD, input: () => ({ version: '1.0', accepted: true }) },
  'partner.partnershipEnd': { expect: PARTNER_RECORD },
  // A partnership ends once: every call is a partner of its own; a pending partner has none to end.
  'partner.giveNotice': {
    expect: access(401, 409, '2xx', '2xx', 403),
    input: () => ({ reason: 'Matrix notice' }),
    freshPrincipal: true,
  },
  // Nobody in the matrix has given notice: a partner's withdrawal is refused past the permission check.
  'partner.withdrawNotice': { expect: access(401, 409, 409, 409, 403) },
  'partner.updateMailPreferences': { expect: PARTNER_RECORD, input: () => ({ monthlySummary: true }) },
  'partner.commissionsPage': { expect: PARTNER_RECORD, input: () => ({ limit: 10 }) },
  'partner.payouts': { expect: PARTNER_RECORD },
  // The fixture payout paid the other partner only: anyone else's view of it is "not found".
  'partner.payout': { expect: access(401, 404, 404, '2xx', 403), input: (fx) => ({ id: fx.payoutId }) },
  'partner.taxProfile': { expect: PARTNER_RECORD },
  // Fresh principals carry MATRIX_PASSWORD (replacing tax information on file asks for it).
  'partner.saveTaxProfile': {
    expect: PARTNER_RECORD,
    freshPrincipal: true,
    input: () => ({
      currentPassword: MATRIX_PASSWORD,
      legalName: 'Matrix Agency LLC',
      taxClassification: 'llc',
      tinType: 'ein',
      tin: '12-3456789',
      address: '2 Main Street, Springfield',
      certified: true,
    }),
  },

  'admin.metrics': { expect: READ },
  'admin.pendingPartners': { expect: READ },
  'admin.partners': { expect: READ, input: () => ({}) },
  'admin.partner': { expect: READ, input: (fx) => ({ id: fx.active.partnerId }) },
  'admin.partnerCommissions': { expect: READ, input: (fx) => ({ partnerId: fx.active.partnerId }) },
  'admin.partnerPayouts': { expect: READ, input: (fx) => ({ partnerId: fx.active.partnerId }) },
  'admin.partnerActivity': { expect: READ, input: (fx) => ({ partnerId: fx.active.partnerId }) },
  'admin.approvePartner': { expect: ADMIN, input: async (fx) => ({ id: await newPartnerTarget(fx, 'pending') }) },
  'admin.rejectPartner': {
    expect: ADMIN,
    input: async (fx) => ({ id: await newPartnerTarget(fx, 'pending'), reason: 'Not a fit' }),
  },
  'admin.suspendPartner': { expect: ADMIN, input: async (fx) => ({ id: await newPartnerTarget(fx, 'active') }) },
  'admin.reactivatePartner': { expect: ADMIN, input: async (fx) => ({ id: await newPartnerTarget(fx, 'suspended') }) },
  'admin.createPartner': {
    expect: ADMIN,
    input: () => ({
      email: `${unique('created')}@example.com`,
      password: 'long-password-1',
      companyName: unique('Created Co'),
      contactName: 'Cree Ated',
    }),
  },
  'admin.referrals': { expect: READ, input: () => ({}) },
  'admin.pipelineColumn': { expect: READ, input: () => ({ stage: 'booked' }) },
  'admin.addClient': {
    expect: ADMIN,
    input: (fx) => ({
      partnerId: fx.active.partnerId,
      clientCompanyName: unique('Added'),
      serviceType: 'controller',
      monthlyValue: '900.00',
    }),
  },
  'admin.updateReferral': { expect: ADMIN, input: (fx) => ({ id: fx.activeReferralId, notes: unique('note') }) },
  'admin.captureLead': {
    expect: ADMIN,
    input: (fx) => ({ referralCode: fx.active.referralCode, clientEmail: `${unique('lead')}@matrix-lead.example` }),
  },
  'admin.referralConflicts': { expect: READ },
  'admin.resolveConflict': {
    expect: ADMIN,
    input: async (fx) => ({ id: await newConflict(fx), resolution: 'keep_first' }),
  },
  'admin.unplacedBookings': { expect: READ, input: () => ({}) },
  'admin.placeUnplacedBooking': {
    expect: ADMIN,
    input: async (fx) => ({ id: await newUnplacedBooking(fx), partnerId: fx.active.partnerId }),
  },
  'admin.dismissUnplacedBooking': {
    expect: ADMIN,
    input: async (fx) => ({ id: await newUnplacedBooking(fx), reason: 'Matrix dismissal' }),
  },
  'admin.funnel': { expect: READ, input: () => ({}) },
  'admin.recentBookings': { expect: READ },
  'partner.funnel': { expect: ACTIVE_PARTNER, input: () => ({}) },
  'partner.recentBookings': { expect: ACTIVE_PARTNER },
  'admin.pendingCommissions': { expect: READ, input: () => ({}) },
  'admin.accrue': { expect: MONEY, input: () => ({ month: '2025-03' }) },
  'admin.payoutPreview': {
    expect: READ,
    input: async (fx) => ({ commissionIds: [await newPendingCommission(fx)] }),
  },
  'admin.processPayout': {
    expect: MONEY,
    input: async (fx) => ({ commissionIds: [await newPendingCommission(fx)], idempotencyKey: randomUUID() }),
  },
  'admin.failCommission': {
    expect: MONEY,
    input: async (fx) => ({ id: await newPendingCommission(fx), reason: 'Bank bounced it' }),
  },
  'admin.addAdjustment': {
    expect: MONEY,
    input: (fx) => ({ partnerId: fx.active.partnerId, amount: '-5.00', reason: unique('Matrix clawback') }),
  },
  'admin.voidCommission': {
    expect: MONEY,
    input: async (fx) => ({ id: await newPendingCommission(fx), reason: 'Duplicate' }),
  },
  'admin.payouts': { expect: READ, input: () => ({}) },
  'admin.payoutLines': { expect: READ, input: (fx) => ({ payoutId: fx.payoutId }) },
  'admin.markPayoutSent': {
    expect: MONEY,
    input: async (fx) => ({
      payoutId: (
        await fx.t.caller(fx.users.admin).admin.processPayout({
          commissionIds: [await newPendingCommission(fx)],
          idempotencyKey: randomUUID(),
        })
      ).id,
    }),
  },
  'admin.confirmPayoutLine': { expect: MONEY, input: (fx) => newSentPayout(fx) },
  'admin.returnPayoutLine': {
    expect: MONEY,
    input: async (fx) => ({ ...(await newSentPayout(fx)), returnCode: 'R03' }),
  },
  'admin.failedCommissions': { expect: READ, input: () => ({}) },
  'admin.programSettings': { expect: READ },
  'admin.mailDelivery': { expect: READ },
  'admin.updateProgramSettings': { expect: MONEY, input: () => ({ payoutDay: 15 }) },
  'admin.programTerms': { expect: READ },
  // A partnership ends once: every call gets an active partner of its own.
  'admin.terminatePartner': {
    expect: access(401, 403, 403, 403, '2xx', 403, 403),
    input: async (fx) => ({
      id: (await fx.t.createPartner()).partnerId,
      givenBy: 'firm',
      reason: 'Matrix notice',
      effectiveDate: '2099-01-01',
    }),
  },
  'admin.partnershipEnd': { expect: READ, input: (fx) => ({ id: fx.pending.partnerId }) },
  // The matrix's active partner has no notice to withdraw: 409 past the permission check.
  'admin.withdrawNotice': {
    expect: access(401, 403, 403, 403, 409, 403, 403),
    input: (fx) => ({ id: fx.active.partnerId }),
  },
  // The pending partner's fees are forfeited and none is unpaid: an admin passes the access check and meets the
  // rule's 409.
  'admin.forfeitPartnerFees': {
    expect: access(401, 403, 403, 403, 409, 403, 403),
    input: (fx) => ({ id: fx.pending.partnerId, reason: 'Matrix forfeit' }),
  },
  // The fixture's won referral was stored without an acceptance, so it has no window to extend.
  'admin.extendReferralWindow': {
    expect: access(401, 403, 403, 403, 409, 403, 403),
    input: (fx) => ({ id: fx.activeReferralId, days: 1, reason: 'Matrix extension' }),
  },
  'admin.wonPreview': { expect: READ, input: (fx) => ({ id: fx.activeReferralId, annualSales: '1000000.00' }) },
  'admin.overrideQualification': {
    expect: ADMIN,
    input: (fx) => ({ id: fx.activeReferralId, qualifying: true, reason: 'Matrix override' }),
  },
  // Effective later: the version in force (and every partner's acceptance of it) stays as it is.
  'admin.publishProgramTerms': {
    expect: ADMIN,
    input: () => ({
      agreementVersion: unique('v'),
      effectiveFrom: '2099-01-01',
      agreementText: { title: 'Affiliate Agreement', sections: [{ heading: '1. Terms', paragraphs: ['Text.'] }] },
      changes: ['A change'],
    }),
  },
  'admin.retryCommission': {
    expect: MONEY,
    input: async (fx) => {
      const id = await newPendingCommission(fx);
      await fx.t.db.updateTable('commissions').set({ status: 'failed' }).where('id', '=', id).execute();
      return { id };
    },
  },
  'admin.trends': { expect: READ, input: () => ({ months: 12 }) },
  'admin.materials': { expect: READ },
  'admin.createMaterial': {
    expect: ADMIN,
    input: () => ({ title: unique('Deck'), type: 'presentation', fileUrl: 'https://example.com/deck.pptx' }),
  },
  'admin.updateMaterial': { expect: ADMIN, input: (fx) => ({ id: fx.linkMaterialId, title: unique('Renamed') }) },
  'admin.emails': { expect: ADMIN, input: () => ({}) },
  'admin.email': {
    expect: ADMIN,
    input: async (fx) => ({ id: await newMail(fx) }),
  },
  'admin.activity': { expect: ADMIN, input: () => ({ action: 'partner' }) },
  'admin.resendEmail': {
    expect: ADMIN,
    input: async (fx) => ({ id: await newMail(fx) }),
  },

  'admin.apiKeys': { expect: ADMIN },
  'admin.createApiKey': { expect: ADMIN, input: () => ({ name: unique('Matrix key'), scopes: ['partners:read'] }) },
  'admin.revokeApiKey': { expect: ADMIN, input: async (fx) => ({ id: (await newApiKey(fx, ['partners:read'])).id }) },
  'admin.webhooks': { expect: ADMIN },
  'admin.createWebhook': {
    expect: ADMIN,
    input: () => ({ url: 'http://127.0.0.1:9/matrix', events: ['partner.approved'] }),
  },
  'admin.updateWebhook': { expect: ADMIN, input: (fx) => ({ id: fx.webhookId, enabled: false }) },
  'admin.deleteWebhook': { expect: ADMIN, input: async (fx) => ({ id: await newWebhook(fx) }) },
  'admin.webhookDeliveries': { expect: ADMIN, input: (fx) => ({ id: fx.webhookId }) },
  'admin.resendWebhookDelivery': {
    expect: ADMIN,
    input: (fx) => ({ id: fx.webhookId, deliveryId: fx.webhookDeliveryId }),
  },
  'admin.sendWebhookTestEvent': { expect: ADMIN, input: (fx) => ({ id: fx.webhookId }) },
  'admin.team': { expect: ADMIN },
  'admin.inviteMember': { expect: ADMIN, input: () => ({ email: `${unique('invited')}@example.com`, role: 'viewer' }) },
  'admin.revokeInvitation': { expect: ADMIN, input: async (fx) => ({ invitationId: await newInvitation(fx) }) },
  'admin.resendInvitation': { expect: ADMIN, input: async (fx) => ({ invitationId: await newInvitation(fx) }) },
  'admin.recordClientPayment': {
    expect: MONEY,
    // Each its own reference: the same payment twice is refused as a duplicate.
    input: (fx) => ({
      id: fx.activeReferralId,
      periodMonth: '2026-10',
      amount: '100.00',
      paidAt: '2026-11-03',
      reference: unique('Matrix payment'),
    }),
  },
  'admin.refundClientPayment': {
    expect: MONEY,
    input: async (fx) => ({ id: await newClientPayment(fx), amount: '1.00' }),
  },
  'admin.importClientPayments': {
    expect: MONEY,
    input: (fx) => ({
      csv: `referral_id,period,amount,paid_date\n${fx.activeReferralId},2026-09,100.00,2026-10-03`,
      dryRun: true,
    }),
  },
  'admin.clientPayments': { expect: READ, input: (fx) => ({ id: fx.activeReferralId }) },
  'admin.clientsMissingPayment': { expect: READ },
  'admin.unmatchedStripePayments': { expect: READ },
  'admin.matchStripePayment': {
    expect: MONEY,
    input: async (fx) => ({ eventId: await newUnmatchedStripeEvent(fx), referralId: fx.activeReferralId }),
  },
  'admin.dismissStripeEvent': { expect: MONEY, input: async (fx) => ({ eventId: await newUnmatchedStripeEvent(fx) }) },
  'partner.referralPaidMonths': { expect: ACTIVE_PARTNER },
  'admin.changeMemberRole': {
    expect: ADMIN,
    input: async (fx) => ({ userId: (await fx.t.createUser({ role: 'viewer' })).id, role: 'finance' }),
  },
  'admin.removeMember': {
    expect: ADMIN,
    input: async (fx) => ({ userId: (await fx.t.createUser({ role: 'viewer' })).id }),
  },
  'admin.resetMemberMfa': {
    expect: ADMIN,
    input: async (fx) => {
      const member = await fx.t.createUser({ role: 'viewer' });
      await fx.t.db.updateTable('users').set({ mfaEnabled: true }).where('id', '=', member.id).execute();
      return { userId: member.id };
    },
  },

  // Two-factor sign-in and invitations. Nobody in the matrix has MFA set up or on.
  'auth.mfaSetup': { expect: SIGNED_IN },
  'auth.mfaEnable': { expect: access(401, 400, 400, 400, 400), input: () => ({ code: '000000' }) },
  'auth.mfaDisable': { expect: access(401, 409, 409, 409, 409), input: () => ({ code: '000000' }) },
  'auth.mfaVerify': { expect: PUBLIC, input: (fx) => mfaChallengeFor(fx) },
  'auth.acceptInvitation': { expect: PUBLIC, input: (fx) => invitationFor(fx) },
  'partner.updateProfile': { expect: PARTNER_RECORD, input: () => ({ contactName: unique('Contact') }) },
  // Fresh principals carry MATRIX_PASSWORD.
  'partner.updateBankDetails': {
    expect: PARTNER_RECORD,
    freshPrincipal: true,
    input: () => MATRIX_BANK_DETAILS,
  },
  'partner.updatePaymentMethod': {
    expect: PARTNER_RECORD,
    freshPrincipal: true,
    input: () => ({ paymentMethod: 'Wire', ...MATRIX_BANK_DETAILS }),
  },

  'public.siteConfig': { expect: PUBLIC },
  'public.programTerms': { expect: PUBLIC },
  'public.referralLink': { expect: PUBLIC, input: (fx) => ({ code: fx.active.referralCode }) },
  'public.recordVisit': {
    expect: PUBLIC,
    input: (fx) => ({ referralCode: fx.active.referralCode, utmSource: 'matrix' }),
  },
};

/** Every REST path of the adapter. Keys must match restRoutes exactly; the procedure's case applies unless overridden. */
const REST_PATHS: Record<string, Partial<Case>> = {
  'POST /api/auth/register': {},
  'POST /api/auth/login': {},
  'GET /api/auth/me': {},
  'POST /api/auth/logout': {},
  'POST /api/auth/forgot-password': {},
  'POST /api/auth/reset-password/check': {},
  'POST /api/auth/reset-password': {},
  'POST /api/auth/change-password': {},
  'PUT /api/auth/display-name': {},
  'GET /api/partners/me': {},
  'POST /api/partners': {},
  'GET /api/partners/referrals': {},
  'POST /api/partners/referrals': {},
  'GET /api/partners/metrics': {},
  'GET /api/partners/commissions': {},
  'GET /api/partners/earnings-by-month': {},
  'GET /api/partners/commissions/page': {},
  'GET /api/partners/payouts': {},
  'GET /api/partners/payouts/{id}': {},
  'GET /api/partners/tax-profile': {},
  'PUT /api/partners/tax-profile': {},
  'GET /api/marketing-materials': {},
  'POST /api/marketing-materials/{id}/download': {},
  'GET /api/admin/metrics': {},
  'GET /api/admin/partners/pending': {},
  'GET /api/admin/partners': {},
  'GET /api/admin/partners/{id}': {},
  'POST /api/admin/partners/{id}/approve': {},
  'POST /api/admin/partners/{id}/reject': {},
  'POST /api/admin/partners/{id}/suspend': {},
  'POST /api/admin/partners/{id}/reactivate': {},
  'POST /api/admin/partners': {},
  'GET /api/admin/referrals': {},
  'POST /api/admin/referrals': {},
  'PATCH /api/admin/referrals/{id}': {},
  'GET /api/admin/commissions/pending': {},
  'POST /api/admin/commissions/accrue': {},
  'POST /api/admin/payouts/preview': {},
  'POST /api/admin/payouts': {},
  'POST /api/admin/commissions/{id}/fail': {},
  'POST /api/admin/commissions/adjustments': {},
  'POST /api/admin/commissions/{id}/void': {},
  'GET /api/admin/payouts': {},
  'GET /api/admin/trends': {},
  'GET /api/admin/marketing-materials': {},
  'PATCH /api/admin/marketing-materials/{id}': {},
  'GET /api/admin/emails': {},
  'GET /api/admin/emails/{id}': {},
  'GET /api/partners/me/mail-preferences': {},
  'PATCH /api/partners/me/mail-preferences': {},
  'POST /api/admin/emails/{id}/resend': {},
  'POST /api/admin/api-keys': {},
  'GET /api/admin/api-keys': {},
  'DELETE /api/admin/api-keys/{id}': {},
  'POST /api/admin/webhooks': {},
  'GET /api/admin/webhooks': {},
  'PATCH /api/admin/webhooks/{id}': {},
  'DELETE /api/admin/webhooks/{id}': {},
  'GET /api/admin/webhooks/{id}/deliveries': {},
  'POST /api/admin/webhooks/{id}/deliveries/{deliveryId}/resend': {},
  'POST /api/admin/webhooks/{id}/test': {},
  'GET /api/admin/activity': {},
  'GET /api/referral-links/{code}': {},
  'POST /api/referral-visits': {},
  'GET /api/admin/team': {},
  'POST /api/admin/team/invitations': {},
  'PATCH /api/admin/team/{userId}': {},
  'DELETE /api/admin/team/{userId}': {},
  'DELETE /api/admin/team/{userId}/two-factor': {},
  'POST /api/auth/accept-invitation': {},
  'POST /api/auth/mfa/setup': {},
  'POST /api/auth/mfa/enable': {},
  'POST /api/auth/mfa/disable': {},
  'POST /api/auth/mfa/verify': {},
  'PATCH /api/partners/me': {},
  'PUT /api/partners/me/bank-details': {},
  'PUT /api/partners/payment-method': {},
  'GET /api/admin/payouts/{payoutId}/lines': {},
  'POST /api/admin/payouts/{payoutId}/sent': {},
  'POST /api/admin/payouts/{payoutId}/lines/{partnerId}/confirm': {},
  'POST /api/admin/payouts/{payoutId}/lines/{partnerId}/return': {},
  'GET /api/admin/commissions/failed': {},
  'GET /api/admin/program-settings': {},
  'GET /api/admin/mail-delivery': {},
  'PATCH /api/admin/program-settings': {},
  'GET /api/admin/program-terms': {},
  'GET /api/admin/partners/{id}/partnership': {},
  'GET /api/partners/partnership': {},
  'POST /api/partners/notice': {},
  'POST /api/admin/partners/{id}/terminate': {},
  'DELETE /api/partners/notice': {},
  'DELETE /api/admin/partners/{id}/notice': {},
  'POST /api/admin/partners/{id}/forfeit': {},
  'GET /api/admin/referrals/{id}/won-preview': {},
  'POST /api/admin/referrals/{id}/extend': {},
  'POST /api/admin/referrals/{id}/qualification': {},
  'POST /api/admin/program-terms': {},
  'GET /api/program-terms': {},
  'GET /api/partners/agreement': {},
  'POST /api/partners/agreement': {},
  'POST /api/admin/commissions/{id}/retry': {},
  'DELETE /api/admin/team/invitations/{invitationId}': {},
  'POST /api/admin/team/invitations/{invitationId}/resend': {},
  'POST /api/admin/referrals/{id}/payments': {},
  'POST /api/admin/client-payments/{id}/refunds': {},
  'GET /api/admin/referrals/{id}/payments': {},
  'GET /api/admin/client-payments/missing': {},
  'GET /api/admin/client-payments/unmatched': {},
  'POST /api/admin/client-payments/unmatched/{eventId}/match': {},
  'POST /api/admin/client-payments/unmatched/{eventId}/dismiss': {},
  'GET /api/partners/referrals/paid-months': {},
  // The paged lists and the site configuration, on REST like every other procedure.
  'GET /api/partners/referrals/page': {},
  'GET /api/admin/pipeline/{stage}': {},
  'GET /api/admin/partners/{partnerId}/commissions': {},
  'GET /api/admin/partners/{partnerId}/payouts': {},
  'GET /api/admin/partners/{partnerId}/activity': {},
  'GET /api/site-config': {},
  'POST /api/leads': {},
  'GET /api/admin/referral-conflicts': {},
  'POST /api/admin/referral-conflicts/{id}/resolve': {},
  'GET /api/admin/unplaced-bookings': {},
  'POST /api/admin/unplaced-bookings/{id}/place': {},
  'POST /api/admin/unplaced-bookings/{id}/dismiss': {},
  'GET /api/admin/funnel': {},
  'GET /api/admin/bookings/recent': {},
  'GET /api/partners/funnel': {},
  'GET /api/partners/bookings/recent': {},
};

interface RawCase {
  expect: Expectation;
  request: (
    fx: Fixtures,
  ) =>
    | Promise<{ url: string; headers?: Record<string, string>; payload?: string | Buffer }>
    | { url: string; headers?: Record<string, string>; payload?: string | Buffer };
}

/** A download: a GET of `url` with no body. */
const download = (expect: Expectation, url: (fx: Fixtures) => string): RawCase => ({
  expect,
  request: (fx) => ({ url: url(fx) }),
});

/** Every raw route (streams, multipart). Keys must match the raw routes' OpenAPI operations exactly. */
const RAW_PATHS: Record<string, RawCase> = {
  // The scheduling services sign the body; whoever holds a valid signature is the sender (no session).
  'POST /api/integrations/calcom': {
    expect: PUBLIC,
    request: () => {
      const payload = JSON.stringify({
        triggerEvent: 'BOOKING_CREATED',
        payload: {
          uid: randomUUID(),
          startTime: '2026-12-01T10:00:00Z',
          attendees: [{ email: 'matrix@calcom.example' }],
        },
      });
      return {
        url: '/api/integrations/calcom',
        headers: {
          'content-type': 'application/json',
          'x-cal-signature-256': createHmac('sha256', MATRIX_CALCOM_SECRET).update(payload).digest('hex'),
        },
        payload,
      };
    },
  },
  'POST /api/integrations/calendly': {
    expect: PUBLIC,
    request: (fx) => {
      const payload = JSON.stringify({
        event: 'invitee.created',
        payload: { uri: `https://api.calendly.com/invitees/${randomUUID()}`, email: 'matrix@calendly.example' },
      });
      const ts = Math.floor(fx.t.deps.now().getTime() / 1000);
      const v1 = createHmac('sha256', MATRIX_CALENDLY_KEY).update(`${ts}.${payload}`).digest('hex');
      return {
        url: '/api/integrations/calendly',
        headers: { 'content-type': 'application/json', 'calendly-webhook-signature': `t=${ts},v1=${v1}` },
        payload,
      };
    },
  },
  // Stripe signs the body (Stripe-Signature); a valid signature is the sender, with no session.
  'POST /api/integrations/stripe/webhook': {
    expect: PUBLIC,
    request: (fx) => {
      const payload = JSON.stringify({
        id: `evt_${randomUUID()}`,
        object: 'event',
        type: 'customer.created',
        created: Math.floor(fx.t.deps.now().getTime() / 1000),
        data: { object: {} },
      });
      return {
        url: '/api/integrations/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: MATRIX_STRIPE_SECRET,
            timestamp: Math.floor(fx.t.deps.now().getTime() / 1000),
          }),
        },
        payload,
      };
    },
  },
  'POST /api/admin/marketing-materials': {
    expect: ADMIN,
    request: () => ({
      url: '/api/admin/marketing-materials',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ title: unique('Guide'), type: 'pdf', fileUrl: 'https://example.com/guide.pdf' }),
    }),
  },
  // The signed token is the capability: it works for whoever holds it, signed in or not.
  'GET /api/files/{token}': {
    expect: PUBLIC,
    request: (fx) => ({
      url: `/api/files/${downloadTokensFor(fx.t.deps.config).sign(fx.fileMaterial, fx.t.deps.now())}`,
    }),
  },
  // The signed token is the capability (RFC 8058 one-click): whoever posts it switches that mail off.
  'POST /api/mail/unsubscribe': {
    expect: PUBLIC,
    request: (fx) => ({
      url: `/api/mail/unsubscribe?token=${encodeURIComponent(unsubscribeToken(fx.t.deps.config, { userId: fx.users.active.id, topic: 'monthlySummary' }))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    }),
  },
  'GET /api/admin/exports/partners.csv': download(READ, () => '/api/admin/exports/partners.csv'),
  'GET /api/admin/exports/referrals.csv': download(READ, () => '/api/admin/exports/referrals.csv'),
  'GET /api/admin/exports/commissions.csv': download(READ, () => '/api/admin/exports/commissions.csv'),
  // Decrypted bank numbers: not for viewers.
  'GET /api/admin/payouts/{id}/wire-instructions.csv': download(
    MONEY,
    (fx) => `/api/admin/payouts/${fx.payoutId}/wire-instructions.csv`,
  ),
  // The matrix's payout pays one wire partner: the ACH and PayPal files answer 409 past the permission check.
  'GET /api/admin/payouts/{id}/ach.txt': download(
    access(401, 403, 403, 403, 409, 409, 403),
    (fx) => `/api/admin/payouts/${fx.payoutId}/ach.txt`,
  ),
  'GET /api/admin/payouts/{id}/paypal.csv': download(
    access(401, 403, 403, 403, 409, 409, 403),
    (fx) => `/api/admin/payouts/${fx.payoutId}/paypal.csv`,
  ),
  // A dry run: the rows are checked and reported, nothing is written.
  'POST /api/admin/client-payments/import': {
    expect: MONEY,
    request: (fx) => ({
      url: '/api/admin/client-payments/import?dryRun=true',
      headers: { 'content-type': 'text/csv' },
      payload: `referral_id,period,amount,paid_date\n${fx.activeReferralId},2026-08,100.00,2026-09-03`,
    }),
  },
  'GET /api/admin/activity.csv': download(ADMIN, () => '/api/admin/activity.csv?entityType=partner'),
  'GET /api/partners/statements/{month}.pdf': download(PARTNER_RECORD, () => '/api/partners/statements/2025-01.pdf'),
  'GET /api/partners/statements/{month}.csv': download(PARTNER_RECORD, () => '/api/partners/statements/2025-01.csv'),
  'GET /api/admin/partners/{id}/statements/{month}.pdf': download(
    READ,
    (fx) => `/api/admin/partners/${fx.active.partnerId}/statements/2025-01.pdf`,
  ),
  'GET /api/admin/partners/{id}/statements/{month}.csv': download(
    READ,
    (fx) => `/api/admin/partners/${fx.active.partnerId}/statements/2025-01.csv`,
  ),
  // Decrypted TINs: not for viewers.
  'GET /api/admin/exports/1099-nec/{year}.csv': download(MONEY, () => '/api/admin/exports/1099-nec/2025.csv'),
};

const restKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
const restRouteOf = new Map(restRoutes.map((route) => [restKey(route), route]));
const rawOperations = rawRoutes.flatMap((raw) =>
  raw.openapi.map((op) => restKey(op as { method: string; path: string })),
);

function assertOutcome(status: number, expected: Outcome, label: string, body: string) {
  const detail = `${label}: got ${status} ${body.slice(0, 300)}`;
  if (expected === '2xx') expect(status >= 200 && status < 300, detail).toBe(true);
  else expect(status, detail).toBe(expected);
}

let fx: Fixtures;

async function headersFor(role: Role, fresh: boolean): Promise<Record<string, string>> {
  if (!fresh || role === 'anonymous') return fx.headers[role];
  const user =
    role === 'admin' || role === 'finance' || role === 'viewer'
      ? await fx.t.createUser({ role })
      : (await fx.t.createPartner({ status: role === 'pending' ? 'pending' : 'active' })).user;
  await fx.t.db.updateTable('users').set({ passwordHash: matrixPasswordHash }).where('id', '=', user.id).execute();
  return fx.t.bearer(user);
}

/** The other partner must never see anything of the active partner. */
function assertIsolation(role: Role, status: number, body: string, label: string) {
  if (role !== 'other' || status >= 300) return;
  for (const secret of fx.activePrivate)
    expect(body.includes(secret), `${label} shows the other partner ${secret}`).toBe(false);
}

beforeAll(async () => {
  const t = await createTestApp({
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    CALCOM_WEBHOOK_SECRET: MATRIX_CALCOM_SECRET,
    CALENDLY_WEBHOOK_SIGNING_KEY: MATRIX_CALENDLY_KEY,
    STRIPE_WEBHOOK_SECRET: MATRIX_STRIPE_SECRET,
  });
  matrixPasswordHash = await hashPassword(MATRIX_PASSWORD);
  const admin = await t.createUser({ role: 'admin' });
  const finance = await t.createUser({ role: 'finance' });
  const viewer = await t.createUser({ role: 'viewer' });
  const pending = await t.createPartner({ status: 'pending' });
  const active = await t.createPartner({ status: 'active' });
  const other = await t.createPartner({ status: 'active' });
  const login = { email: `${unique('login')}@example.com`, password: 'login-pass-1' };
  await t.createUser({ role: 'partner', ...login });

  const activeReferralId = await t.createWonClient(active.partnerId, {
    contractStartDate: '2025-01-01',
    clientCompanyName: 'Secret Client Of Active',
  });
  const activeCommissionId = await t.createCommission({
    partnerId: active.partnerId,
    referralId: activeReferralId,
    monthYear: '2025-01',
    status: 'paid',
  });
  const otherReferralId = await t.createWonClient(other.partnerId, { contractStartDate: '2025-01-01' });
  await t.createCommission({ partnerId: other.partnerId, referralId: otherReferralId, monthYear: '2025-01' });

  const asAdmin = t.caller(admin);
  const link = await asAdmin.admin.createMaterial({
    title: 'Matrix link',
    type: 'document',
    fileUrl: 'https://example.com/doc.pdf',
  });

  const adminHeaders = await t.bearer(admin);
  const form = new FormData();
  form.append('title', 'Matrix file');
  form.append('type', 'pdf');
  form.append(
    'file',
    new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'))], {
      type: 'application/pdf',
    }),
    'matrix.pdf',
  );
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/admin/marketing-materials',
    headers: { ...adminHeaders, 'content-type': request.headers.get('content-type') as string },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const fileMaterialId = upload.json().id as string;
  const stored = await t.row('marketingMaterials', fileMaterialId);

  const payoutReferral = await t.createWonClient(other.partnerId, { contractStartDate: '2025-01-01' });
  const payoutCommission = await t.createCommission({
    partnerId: other.partnerId,
    referralId: payoutReferral,
    monthYear: '2025-01',
  });
  const payout = await asAdmin.admin.processPayout({ commissionIds: [payoutCommission], idempotencyKey: randomUUID() });

  // The pending applicant's fees are forfeited already, so a forfeiture that passes the access check meets the
  // rule's 409 whichever principal comes first.
  await t.db.updateTable('partners').set({ feesForfeitedAt: new Date() }).where('id', '=', pending.partnerId).execute();

  const activeEmail = (
    await t.db.selectFrom('users').select('email').where('id', '=', active.user.id).executeTakeFirstOrThrow()
  ).email;
  fx = {
    t,
    users: { pending: pending.user, active: active.user, other: other.user, admin, finance, viewer },
    headers: {
      anonymous: {},
      pending: await t.bearer(pending.user),
      active: await t.bearer(active.user),
      other: await t.bearer(other.user),
      admin: adminHeaders,
      finance: await t.bearer(finance),
      viewer: await t.bearer(viewer),
    },
    pending,
    active,
    other,
    activePrivate: [active.partnerId, activeReferralId, activeCommissionId, activeEmail, 'Secret Client Of Active'],
    activeReferralId,
    login,
    linkMaterialId: link.id,
    fileMaterialId,
    fileMaterial: {
      id: fileMaterialId,
      storageKey: stored.storageKey as string,
      isActive: stored.isActive,
      updatedAt: stored.updatedAt,
    },
    payoutId: payout.id,
    webhookId: '',
    webhookDeliveryId: '',
    keyHeaders: { all: {}, narrow: {}, orphaned: {} },
  };
  fx.webhookId = await newWebhook(fx);
  await enqueueTestEvent(t.db, { endpointId: fx.webhookId, now: t.deps.now() });
  fx.webhookDeliveryId = (
    await t.db
      .selectFrom('webhookDeliveries')
      .select('id')
      .where('endpointId', '=', fx.webhookId)
      .executeTakeFirstOrThrow()
  ).id;
  fx.keyHeaders = {
    all: { authorization: `Bearer ${(await newApiKey(fx, [...API_KEY_SCOPES])).key}` },
    narrow: { authorization: `Bearer ${(await newApiKey(fx, ['materials:read'])).key}` },
    orphaned: { authorization: `Bearer ${await orphanedKey(fx)}` },
  };
});

afterAll(async () => {
  await fx?.t.close();
});

describe('the matrix lists every endpoint', () => {
  it('lists every tRPC procedure, and only those', () => {
    expect(Object.keys(PROCEDURES).sort()).toEqual(Object.keys(appRouter._def.procedures).sort());
  });

  it('lists every REST path, and only those', () => {
    expect(Object.keys(REST_PATHS).sort()).toEqual([...restRouteOf.keys()].sort());
  });

  it('lists every raw route, and only those', () => {
    expect(Object.keys(RAW_PATHS).sort()).toEqual([...rawOperations].sort());
  });
});

/** Calls a tRPC procedure over HTTP: a query as GET with its input in the URL, a mutation as a JSON POST. */
async function callTrpc(path: string, input: unknown, headers: Record<string, string>) {
  const procedure = (appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)[path];
  return procedure?._def.type === 'query'
    ? fx.t.app.inject({
        method: 'GET',
        url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
        headers,
      })
    : fx.t.app.inject({
        method: 'POST',
        url: `/trpc/${path}`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: input === undefined ? '' : JSON.stringify(input),
      });
}

/** Calls a raw route as `key` ("METHOD path") names it, with the principal's headers under the request's own. */
async function callRaw(key: string, entry: RawCase, principalHeaders: Record<string, string> | undefined) {
  const request = await entry.request(fx);
  return fx.t.app.inject({
    method: key.split(' ')[0] as 'GET' | 'POST',
    url: request.url,
    headers: { ...principalHeaders, ...request.headers },
    payload: request.payload,
  });
}

describe.each(Object.entries(PROCEDURES))('tRPC %s', (path, entry) => {
  it.each(ROLES)('as %s', async (role) => {
    const input = entry.input ? await entry.input(fx, role) : undefined;
    const res = await callTrpc(path, input, await headersFor(role, !!entry.freshPrincipal));
    assertOutcome(res.statusCode, entry.expect[role], `${path} as ${role}`, res.body);
    assertIsolation(role, res.statusCode, res.body, `${path}`);
  });
});

describe.each(Object.entries(PROCEDURES))('tRPC %s with an API key', (path, entry) => {
  it.each(KEY_PRINCIPALS)('holding %s scopes', async (principal) => {
    const input = entry.input ? await entry.input(fx, 'admin') : undefined;
    const res = await callTrpc(path, input, fx.keyHeaders[principal]);
    assertOutcome(res.statusCode, keyOutcome(path, principal, entry), `${path} with the ${principal} key`, res.body);
  });
});

describe.each(Object.entries(RAW_PATHS))('raw %s with an API key', (key, entry) => {
  it.each(KEY_PRINCIPALS)('holding %s scopes', async (principal) => {
    const res = await callRaw(key, entry, fx.keyHeaders[principal]);
    const expected: Outcome =
      entry.expect.anonymous === '2xx'
        ? '2xx'
        : principal === 'orphaned'
          ? 401
          : principal === 'all' && !RAW_KEY_REFUSED_WITH_EVERY_SCOPE.has(key)
            ? entry.expect.admin
            : 403;
    assertOutcome(res.statusCode, expected, `${key} with the ${principal} key`, res.body);
  });
});

/** The REST route of `key` and its case: the procedure's, with the path's overrides. */
function restCase(key: string): { route: RestRoute; entry: Case } {
  const route = restRouteOf.get(key);
  if (!route) throw new Error(`${key} is not a REST route`);
  return { route, entry: { ...(PROCEDURES[route.procedure] as Case), ...REST_PATHS[key] } };
}

/** Calls a REST route with `input` spread over its path, query or JSON body (and the Idempotency-Key header). */
async function callRest(route: RestRoute, input: Record<string, unknown>, principalHeaders: Record<string, string>) {
  const headers: Record<string, string> = { ...principalHeaders };
  const rest = { ...input };
  const url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  if (route.requestHeaders?.some((h) => h.name === 'Idempotency-Key')) {
    headers['idempotency-key'] = String(rest.idempotencyKey);
    delete rest.idempotencyKey;
  }
  const query = new URLSearchParams(Object.entries(rest).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return route.method === 'GET' || route.method === 'DELETE'
    ? fx.t.app.inject({ method: route.method, url: query ? `${url}?${query}` : url, headers })
    : fx.t.app.inject({
        method: route.method,
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(rest),
      });
}

describe.each(Object.keys(REST_PATHS))('REST %s', (key) => {
  it.each(ROLES)('as %s', async (role) => {
    const { route, entry } = restCase(key);
    const input = ((entry.input ? await entry.input(fx, role) : undefined) ?? {}) as Record<string, unknown>;
    const res = await callRest(route, input, await headersFor(role, !!entry.freshPrincipal));
    assertOutcome(res.statusCode, entry.expect[role], `${key} as ${role}`, res.body);
    if (res.statusCode >= 400)
      expect(res.json().message, `${key} as ${role}: error without a message`).toEqual(expect.any(String));
    assertIsolation(role, res.statusCode, res.body, key);
  });
});

describe.each(Object.keys(REST_PATHS))('REST %s with an API key', (key) => {
  it.each(KEY_PRINCIPALS)('holding %s scopes', async (principal) => {
    const { route, entry } = restCase(key);
    const input = ((entry.input ? await entry.input(fx, 'admin') : undefined) ?? {}) as Record<string, unknown>;
    const res = await callRest(route, input, fx.keyHeaders[principal]);
    assertOutcome(
      res.statusCode,
      keyOutcome(route.procedure, principal, entry),
      `${key} with the ${principal} key`,
      res.body,
    );
    if (res.statusCode >= 400)
      expect(res.json().message, `${key} with the ${principal} key: error without a message`).toEqual(
        expect.any(String),
      );
  });
});

describe.each(Object.entries(RAW_PATHS))('raw %s', (key, entry) => {
  it.each(ROLES)('as %s', async (role) => {
    const res = await callRaw(key, entry, fx.headers[role]);
    assertOutcome(res.statusCode, entry.expect[role], `${key} as ${role}`, res.body);
    if (res.statusCode >= 400)
      expect(res.json().message, `${key} as ${role}: error without a message`).toEqual(expect.any(String));
    assertIsolation(role, res.statusCode, res.body, key);
  });
});
