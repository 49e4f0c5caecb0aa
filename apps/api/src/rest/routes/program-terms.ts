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
];
