// REST paths of the program terms and a partner's acceptance of the agreement in force.

import { idempotent, type RestRoute } from '../adapter';

export const programTermsRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/admin/program-terms',
    procedure: 'admin.programTerms',
    summary: 'The program terms in force ({ current }) and every version, newest first ({ history })',
    tag: 'Admin: commissions',
    description:
      'A version holds the fee per service, the qualification days, the maximum extension days, the payout days, the minimum annual sales, the notice days, the fee basis, the effective date, the agreement text and what changed. ' +
      'The version in force is the newest whose effective date has come.',
  },
  {
    method: 'POST',
    path: '/api/admin/program-terms',
    procedure: 'admin.publishProgramTerms',
    summary: 'Publish the next version of the program terms (administrators only); logged',
    tag: 'Admin: commissions',
    status: 201,
    description:
      '{ agreementVersion (a new label, e.g. "2.0"; a label in use is 409), fees?: { basic_accounting?, controller? }, qualificationDays?, maxExtensionDays?, payoutDays?, minAnnualSales?, noticeDays?, feeBasis?, effectiveFrom? (YYYY-MM-DD, today or later; default today), agreementText: { title, sections: [{ heading, paragraphs }] }, changes: [short lines] }. ' +
      "Numbers left out keep the latest version's. Active partners are asked to review and accept it at their next visit; until they do, their own version keeps applying. " +
      'A fee basis different from the program setting switches the setting too (the setting is what the fee rules read).',
    ...idempotent,
  },
  {
    method: 'GET',
    path: '/api/program-terms',
    procedure: 'public.programTerms',
    summary: 'The program terms in force: fees per service, qualification days, sales minimum and the agreement text',
    tag: 'Public',
  },
  {
    method: 'GET',
    path: '/api/partners/agreement',
    procedure: 'partner.agreement',
    summary:
      "The partner's agreement version and, while a newer one waits for acceptance, that version with what changed",
    tag: 'Partner',
  },
  {
    method: 'POST',
    path: '/api/partners/agreement',
    procedure: 'partner.acceptAgreement',
    summary:
      'Accept the agreement version in force: { version, accepted: true }; recorded with who, when and the address',
    tag: 'Partner',
    description:
      'version is the agreement version in force (pendingAgreementVersion of GET /api/partners/me). An older version is 409 (reload and accept the current one), an unknown one 400. Accepting the version the partner is on already changes nothing.',
  },
  {
    method: 'GET',
    path: '/api/admin/partners/{id}/partnership',
    procedure: 'admin.partnershipEnd',
    summary:
      "A partnership's ending: the notice given, the notice days, the unpaid fees a forfeiture would void, and when the fees were forfeited",
    tag: 'Admin',
    description:
      "Answers { status, noticeDays (of the partner's terms version), noticeEffectiveDate (today + noticeDays: when notice given today would take effect), termination: { givenBy, reason, effectiveDate } | null, unpaidFees: { count, amount } (the partner's pending fees) }.",
  },
  {
    method: 'GET',
    path: '/api/partners/partnership',
    procedure: 'partner.partnershipEnd',
    summary: "The partner's own partnership: the notice given, or the day notice given today would take effect",
    tag: 'Partner',
    description:
      "Answers { status, noticeDays (of the partner's terms version), noticeEffectiveDate, termination: { givenBy, reason, effectiveDate } | null }.",
  },
  {
    method: 'POST',
    path: '/api/partners/notice',
    procedure: 'partner.giveNotice',
    summary: 'End the partnership by written notice: { reason }',
    tag: 'Partner',
    description:
      "The notice takes effect the notice days of the partner's terms version after today; until then nothing changes, from then the partner is inactive and cannot add referrals; fees for client payments of months before that day remain payable. " +
      'Only an active partner (409 otherwise; 409 when notice was given already). Answers { partnerId, givenBy: "partner", reason, effectiveDate, status }; logged (partner.notice_given), mailed to the partner and to the administrators.',
  },
  {
    method: 'POST',
    path: '/api/admin/partners/{id}/terminate',
    procedure: 'admin.terminatePartner',
    summary: "End a partnership by written notice: { givenBy: 'firm' | 'partner', reason, effectiveDate? }",
    tag: 'Admin',
    description:
      "effectiveDate (YYYY-MM-DD, today or later) defaults to the notice days of the partner's terms version after today. Until then nothing changes; from it the partner is inactive (at once when it is today, else by the daily timer) and cannot add referrals. " +
      'Fees for client payments of months that started before the effective date are still earned and paid. Only an active partner (409 otherwise; 409 when notice was given already). Logged (partner.notice_given) and mailed.',
  },
  {
    method: 'DELETE',
    path: '/api/partners/notice',
    procedure: 'partner.withdrawNotice',
    summary: 'Withdraw the notice the partner gave, before its day: the partnership continues',
    tag: 'Partner',
    description:
      'Only the partner’s own notice, before it takes effect: 409 when none was given, when it has taken effect, or when the firm gave it (only the firm can withdraw that). ' +
      'Answers the partnership as GET /api/partners/partnership does (termination: null); logged (partner.notice_withdrawn), mailed to the partner and to the administrators.',
    errors: {
      409: 'No notice was given, its day has come (the partnership has ended), or the firm gave it (only the firm can withdraw it)',
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/partners/{id}/notice',
    procedure: 'admin.withdrawNotice',
    summary: 'Withdraw the notice given (by either party), before its day: the partnership continues',
    tag: 'Admin',
    description:
      '409 when no notice was given or when it has taken effect. Answers the partnership as GET /api/admin/partners/{id}/partnership does (termination: null); logged (partner.notice_withdrawn) and mailed to the partner.',
    errors: { 409: 'No notice was given, or its day has come (the partnership has ended)' },
  },
  {
    method: 'POST',
    path: '/api/admin/partners/{id}/forfeit',
    procedure: 'admin.forfeitPartnerFees',
    summary: 'Forfeit the partner’s unpaid and future fees (non-solicitation): { reason } voids every pending fee',
    tag: 'Admin',
    description:
      'Answers { partnerId, voided, amount, feesForfeitedAt }. The fees show as voided with the reason on the partner’s statement; logged (partner.fees_forfeited) and mailed. ' +
      'From feesForfeitedAt (the first forfeiture) no client payment and no accrual earns the partner a fee. ' +
      'Once forfeited with no pending fee it is 409, and nothing is logged or mailed (of two forfeits at once, the second finds nothing).',
  },
];
