import {
  DEFAULT_PAGE_SIZE,
  listReferralsInput,
  MAX_PAGE_SIZE,
  PIPELINE_PAGE_SIZE,
  REFERRAL_MESSAGES,
  REFERRAL_SORTS,
  REFERRAL_STAGES,
} from '@portal/contracts';
import { streamAllReferrals } from '../../services/referrals';
import { idempotent, nullIsNotFound, type RestRoute } from '../adapter';

export const referralRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/partners/referrals',
    procedure: 'partner.referrals',
    summary: "The partner's own referrals, newest first",
    tag: 'Partner',
  },
  {
    method: 'POST',
    path: '/api/partners/referrals',
    procedure: 'partner.createReferral',
    summary: 'Create a referral (active partners only); it starts in the booked stage',
    tag: 'Partner',
    status: 201,
    ...idempotent,
  },
  {
    method: 'GET',
    path: '/api/partners/referrals/page',
    procedure: 'partner.referralsPage',
    summary:
      "One page of the partner's own referrals, newest first, searched and filtered by stage (the Referrals tab)",
    tag: 'Partner',
    paged: { noun: 'referrals', defaultLimit: DEFAULT_PAGE_SIZE },
    description:
      `Query: search (one line, at most 200 characters; matches the client company, the client email and the partner's own company name, case-insensitive), stage (one of ${REFERRAL_STAGES.join(', ')}). ` +
      "Only the signed-in partner's referrals, whatever the filters; active partners only (403 otherwise).",
  },
  {
    method: 'GET',
    path: '/api/partners/metrics',
    procedure: 'partner.metrics',
    summary: "The partner dashboard's earnings, active clients and link visits",
    tag: 'Partner',
  },
  {
    method: 'GET',
    path: '/api/admin/referrals',
    procedure: 'admin.referrals',
    summary: 'All referrals with their partner company (every row, or one page with limit/offset)',
    tag: 'Admin',
    paged: { noun: 'referrals', defaultLimit: DEFAULT_PAGE_SIZE },
    description: `Query: search, sort (one of ${REFERRAL_SORTS.join(', ')}; default -createdAt), stage, partnerId.`,
    streamAll: (deps, query) => streamAllReferrals(deps.db, { query: listReferralsInput.parse(query) }),
  },
  {
    method: 'GET',
    path: '/api/admin/pipeline/{stage}',
    procedure: 'admin.pipelineColumn',
    summary: 'One column of the Deal Pipeline: the deals in a stage, newest first, a page at a time by cursor',
    tag: 'Admin',
    cursorPaged: { noun: 'deals', defaultLimit: PIPELINE_PAGE_SIZE },
    description:
      'The cursor keeps its place at any depth, and a deal added meanwhile does not repeat a row. ' +
      `Query: search (client company, client email or partner company, case-insensitive), partnerId, limit (1 to ${MAX_PAGE_SIZE}), cursor. ` +
      `stage is one of ${REFERRAL_STAGES.join(', ')}. A cursor the server did not write is a 400.`,
  },
  {
    method: 'POST',
    path: '/api/admin/referrals',
    procedure: 'admin.addClient',
    summary: 'Add a client to an active partner',
    tag: 'Admin',
    status: 201,
    ...idempotent,
  },
  {
    method: 'PATCH',
    path: '/api/admin/referrals/{id}',
    procedure: 'admin.updateReferral',
    summary: "Change a deal's stage, lost reason, contract dates, churn date, notes, annual sales or signing date",
    tag: 'Admin',
    description:
      'Entering won records signedAt (default today, never later) and decides whether the client is a qualifying client: signed on or after the day the firm accepted the referral and on or before qualifiesBy, and annualSales recorded and at least the minimum of its terms version; otherwise qualifying is false with the reason (signed on … before the referral was accepted on …, signed after the qualification window ended on …, annual sales below …, annual sales not recorded) and its payments earn no fees. ' +
      "A referral in an open conflict with another partner's (conflictOf set) cannot enter won: 409 until an admin resolves the conflict. " +
      'Setting a churn date, or moving it earlier, voids the pending fees (in no payout) for months after the churn month, each logged and mailed to the partner. ' +
      "Recording annualSales or signedAt of a won client decides it again unless an admin overrode it. Moving a referral out of booked (not to lost) is the firm's acceptance: acceptedAt, termsVersion, qualifiesBy and the fee of the partner's terms version are set then.",
  },
  {
    method: 'GET',
    path: '/api/admin/referrals/{id}/won-preview',
    procedure: 'admin.wonPreview',
    summary: 'What marking a deal won would decide: qualifying or not, and why',
    tag: 'Admin',
    description:
      'Query: signedAt (YYYY-MM-DD, default today, never later), annualSales (decimal; absent keeps the recorded sales, empty means not recorded). ' +
      'Answers { qualifying, reason, signedAt, qualifiesBy, minAnnualSales, overridden } computed by the same steps as PATCH /api/admin/referrals/{id} with stage won (acceptance of a booked referral included), without storing anything: the pipeline shows it before the admin confirms. ' +
      "A referral in an open conflict with another partner's is 409, as the move is.",
    errors: {
      409: "The referral is in an open conflict with another partner's: resolve it on the Conflicts screen first",
    },
  },
  {
    method: 'POST',
    path: '/api/admin/referrals/{id}/extend',
    procedure: 'admin.extendReferralWindow',
    summary: "Extend a referral's qualification window: { days, reason }",
    tag: 'Admin',
    description:
      'The extensions of one referral add up to at most the maxExtensionDays of its terms version; more is 422 naming the limit. A referral the firm has not accepted has no window yet (409). A won client not decided by an admin is evaluated again. Logged as referral.window_extended with the reason.',
  },
  {
    method: 'POST',
    path: '/api/admin/referrals/{id}/qualification',
    procedure: 'admin.overrideQualification',
    summary:
      'Decide whether a won client is a qualifying client: { qualifying, reason }; logged and mailed to the partner',
    tag: 'Admin',
    description:
      'Only a won referral (409 otherwise). The decision stands until the deal leaves won: recording sales later does not change it.',
  },
  {
    method: 'GET',
    path: '/api/site-config',
    procedure: 'public.siteConfig',
    summary:
      'What the web app needs to know about this deployment: the consultation scheduling address (SCHEDULING_URL)',
    tag: 'Public',
  },
  {
    method: 'GET',
    path: '/api/referral-links/{code}',
    procedure: 'public.referralLink',
    summary: "An active partner's referral link: company and code",
    tag: 'Public',
    // tRPC's public.referralLink answers null for such a code; this address keeps its 404.
    ...nullIsNotFound(REFERRAL_MESSAGES.referralLinkNotFound, 'No active partner has this referral code'),
  },
  {
    method: 'POST',
    path: '/api/referral-visits',
    procedure: 'public.recordVisit',
    summary: 'Record an anonymous visit of a referral link (throttled per address)',
    tag: 'Public',
    status: 201,
    description: 'A referral code that names no active partner is 404.',
    errors: { 404: 'No active partner has this referral code' },
  },
];
