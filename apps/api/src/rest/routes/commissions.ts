// REST paths of commissions, accrual and payouts (spec §7, and the admin's fee and payout paths beyond it).

import { listPayoutsInput, MAX_PAGE_SIZE, pendingFilter } from '@portal/contracts';
import { streamPendingCommissions } from '../../services/money';
import { IDEMPOTENT_REPLAYED_HEADER, idempotent, type RestRoute } from '../adapter';

const partnerTag = 'Partner: commissions';
const adminTag = 'Admin: commissions and payouts';

/** The payouts per page when no limit is sent (the contract's default). */
const PAYOUTS_PAGE_SIZE: number = listPayoutsInput.parse(undefined).limit;

export const commissionRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/partners/commissions',
    procedure: 'partner.commissions',
    summary: "The signed-in partner's own commissions, newest month first",
    tag: partnerTag,
  },
  {
    method: 'GET',
    path: '/api/partners/commissions/page',
    procedure: 'partner.commissionsPage',
    summary:
      "One page of the partner's commissions (limit, offset, month YYYY-MM, status), with the payouts of its paid lines and of failed lines whose payout came back",
    tag: partnerTag,
  },
  {
    method: 'GET',
    path: '/api/partners/payouts',
    procedure: 'partner.payouts',
    summary:
      "The partner's payouts, newest first, returned ones included: its line in each (amount, commission count), reference, date, method and status (sent, confirmed, or returned with its code, reason and day)",
    tag: partnerTag,
  },
  {
    method: 'GET',
    path: '/api/partners/payouts/{id}',
    procedure: 'partner.payout',
    summary:
      "One of the partner's payouts with its status and commissions (a returned one's are failed; another partner's payout is 404)",
    tag: partnerTag,
  },
  {
    method: 'GET',
    path: '/api/partners/tax-profile',
    procedure: 'partner.taxProfile',
    summary: "The partner's tax information (TIN masked to its last four digits), or null",
    tag: partnerTag,
  },
  {
    method: 'PUT',
    path: '/api/partners/tax-profile',
    procedure: 'partner.saveTaxProfile',
    summary: 'Save the tax information (W-9): legal name, classification, SSN or EIN, address and the certification',
    tag: partnerTag,
    description:
      'The TIN is 9 digits (dashes allowed) and is stored encrypted; only its last four digits are ever returned. certified must be true.',
  },
  {
    method: 'GET',
    path: '/api/admin/commissions/pending',
    procedure: 'admin.pendingCommissions',
    summary:
      'Pending commissions the processor offers, with partner and client company, by due date (every row oldest first, or one page with limit/offset); filter by partnerId, month (YYYY-MM) and dueBy (YYYY-MM-DD: the offered fees due on or before that day)',
    tag: adminTag,
    paged: { noun: 'pending commissions', defaultLimit: MAX_PAGE_SIZE },
    description:
      "The net sum of the pending commissions matching the filters (clawbacks are negative) is in X-Total-Amount. Each row has its kind (recurring, bonus, clawback), reason, dueBy (the deadline: the client payment date + the payout days of the referral's terms, 30 by default; null on fees accrued before client payments) and clientPaidAt. " +
      'A fee earned by a client payment is payable from the payment: it is offered once clientPaidAt + the hold days of the program settings has come, before its deadline; fees without a client payment (accrued fees, adjustments) are offered at once and count as due today.',
    responseHeaders: [
      {
        name: 'X-Total-Amount',
        description: 'The net sum of the pending commissions matching the filters, a decimal string',
      },
    ],
    // The procedure has validated the query already (a one-row call runs first).
    streamAll: (deps, query) =>
      streamPendingCommissions(deps.db, {
        filter: pendingFilter.parse({ partnerId: query.partnerId, month: query.month, dueBy: query.dueBy }),
        config: deps.config,
        now: deps.now(),
      }),
    respond: (output, reply) => {
      void reply.header('X-Total-Amount', output.totalAmount);
      return output.items;
    },
  },
  {
    method: 'POST',
    path: '/api/admin/commissions/accrue',
    procedure: 'admin.accrue',
    summary: 'Accrue one pending commission per referral active in a month ({ month: "YYYY-MM" })',
    tag: adminTag,
    description:
      'Running it again for the same month creates nothing more: `created` counts new commissions, `skipped` the active referrals that already had one. Months that have not started are refused.',
  },
  {
    method: 'POST',
    path: '/api/admin/payouts/preview',
    procedure: 'admin.payoutPreview',
    summary:
      'What paying a selection would do, without paying: fees, partners and total per payment method, the partners below the minimum who wait, and why it would be refused',
    tag: adminTag,
    description:
      'The same body as POST /api/admin/payouts ({ commissionIds } or { matching }), without an Idempotency-Key; nothing is written. ' +
      '`methods` names the files the payout makes (NACHA for ACH, the PayPal batch, the wire instructions). `waiting` lists the partners below the minimum payout: a `matching` payout leaves them for a later run, a hand-made selection that holds one is refused. ' +
      '`refusal` is the 422 message the payout would answer with, or null. A chosen commission that is missing or no longer pending answers 404 or 409, as the payout does.',
  },
  {
    method: 'POST',
    path: '/api/admin/payouts',
    procedure: 'admin.processPayout',
    summary:
      'Pay the selected pending commissions in one transaction, net per partner ({ commissionIds } or { matching: { partnerId?, month? } })',
    tag: adminTag,
    status: 201,
    description:
      "Each commission becomes paid with the payment date, its partner's payment method and the payout reference. " +
      'Send either `commissionIds` (at most 1000) or `matching`, a filter the server resolves when the payout runs (every pending commission of that partner and/or month: "Select all N matching"). ' +
      "The selected commissions of each partner are paid together as one net amount (clawbacks are negative); when a partner's selection nets to zero or less the payout is refused with 422 naming the partner, and nothing is paid. " +
      'The answer is stored under the Idempotency-Key: the same key with the same commissions replays it (200, Idempotent-Replayed: true); ' +
      'the same key with other commissions is refused with 422. A commission that is not pending is refused with 409, and nothing is paid.',
    errors: {
      404: 'A commission or partner of the selection does not exist',
      409: 'A selected commission is not pending (nothing is paid)',
      422: "A partner's selection nets to zero or less, or the Idempotency-Key was used with other commissions",
    },
    requestHeaders: [
      {
        name: 'Idempotency-Key',
        required: true,
        description: 'A fresh unique value per payout attempt (8 to 200 characters), e.g. a UUID',
        field: 'idempotencyKey',
      },
    ],
    responseHeaders: [IDEMPOTENT_REPLAYED_HEADER],
    input: (req) => {
      const header = req.headers['idempotency-key'];
      const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {};
      return { ...body, idempotencyKey: Array.isArray(header) ? header[0] : header };
    },
    respond: (output, reply) => {
      if (reply.getHeader('idempotent-replayed') === 'true') reply.status(200);
      return output;
    },
  },
  {
    method: 'POST',
    path: '/api/admin/commissions/adjustments',
    procedure: 'admin.addAdjustment',
    summary: 'Add a bonus or clawback for a partner ({ partnerId, amount, reason, referralId?, month? })',
    tag: adminTag,
    status: 201,
    description:
      '`amount` is a signed decimal string, non-zero and at most 100,000.00 either way: positive makes a `bonus`, negative a `clawback`. `reason` is required (400 without it). ' +
      "`month` (YYYY-MM, from 2000-01 up to the current month: a month that has not started is 400) defaults to the current month; `referralId`, when given, must be one of the partner's referrals. Only active or suspended partners (422 otherwise). " +
      'The same adjustment again within 10 minutes (same partner, amount, month, reason and referral, not voided) is refused with 409 naming the commission added first, with or without an Idempotency-Key. ' +
      'The answer is the new pending commission; the partner is mailed.',
    ...idempotent,
  },
  {
    method: 'POST',
    path: '/api/admin/commissions/{id}/void',
    procedure: 'admin.voidCommission',
    summary: 'Void a pending commission with a reason ({ reason })',
    tag: adminTag,
    description:
      'The commission becomes `voided` and leaves every total. A paid commission is refused with 409: record a clawback instead. The partner is mailed.',
    ...idempotent,
  },
  {
    method: 'POST',
    path: '/api/admin/commissions/{id}/fail',
    procedure: 'admin.failCommission',
    summary: 'Mark a pending commission failed, with a reason ({ reason })',
    tag: adminTag,
    ...idempotent,
  },
  {
    method: 'GET',
    path: '/api/admin/payouts',
    procedure: 'admin.payouts',
    summary: 'One page of every payout, newest first',
    tag: adminTag,
    paged: { noun: 'payouts', defaultLimit: PAYOUTS_PAGE_SIZE },
  },
  {
    method: 'GET',
    path: '/api/admin/payouts/{payoutId}/lines',
    procedure: 'admin.payoutLines',
    summary:
      "A payout's lines, one per partner: payment method, amount, and sent, confirmed or returned (with the return code)",
    tag: adminTag,
  },
  {
    method: 'POST',
    path: '/api/admin/payouts/{payoutId}/sent',
    procedure: 'admin.markPayoutSent',
    summary:
      'Mark a payout as sent (its files went to the bank and PayPal); its lines can then be confirmed or returned',
    tag: adminTag,
    description: 'A payout already marked sent is 409.',
  },
  {
    method: 'POST',
    path: '/api/admin/payouts/{payoutId}/lines/{partnerId}/confirm',
    procedure: 'admin.confirmPayoutLine',
    summary: "Confirm a partner's line of a sent payout (the money arrived)",
    tag: adminTag,
    description: 'Before the payout is marked sent, or for a line already confirmed or returned: 409.',
  },
  {
    method: 'POST',
    path: '/api/admin/payouts/{payoutId}/lines/{partnerId}/return',
    procedure: 'admin.returnPayoutLine',
    summary:
      "Record that a partner's credit came back ({ returnCode: one of the codes a credit comes back with, R02…R24, or OTHER; reason? })",
    tag: adminTag,
    description:
      "The partner's commissions in the payout become failed with the return's reason (e.g. \"Returned: R02 Account closed\") and leave the partner's paid totals; the partner is mailed to fix their payment details. " +
      'The fees are offered again when the partner changes their payment details, or with POST /api/admin/commissions/{id}/retry. OTHER needs a reason.',
  },
  {
    method: 'GET',
    path: '/api/admin/commissions/failed',
    procedure: 'admin.failedCommissions',
    summary:
      'Failed commissions with the reason, newest first (optionally of one partner: partnerId; limit, default 100)',
    tag: adminTag,
  },
  {
    method: 'POST',
    path: '/api/admin/commissions/{id}/retry',
    procedure: 'admin.retryCommission',
    summary: 'Offer a failed commission to the processor again (it becomes pending)',
    tag: adminTag,
    description: 'Only a failed commission can be retried (409 otherwise).',
  },
];
