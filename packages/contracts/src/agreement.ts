// The Affiliate Agreement a partner reads and accepts. A change of wording is a new version:
// add it here and move CURRENT_AGREEMENT_VERSION; stored partners keep the version they signed.

import { PRODUCT_NAME } from './constants';

export interface AgreementSection {
  heading: string;
  paragraphs: readonly string[];
}

export interface AgreementText {
  version: string;
  title: string;
  sections: readonly AgreementSection[];
}

export const AGREEMENTS: Record<string, AgreementText> = {
  '1.0': {
    version: '1.0',
    title: 'Affiliate Agreement',
    sections: [
      {
        heading: '1. Parties and purpose',
        paragraphs: [
          `This Affiliate Agreement is made between ${PRODUCT_NAME} ("the Firm"), which provides e-commerce accounting, controller and fractional CFO services, and the company or person accepting it ("the Affiliate").`,
          'The Affiliate introduces prospective clients to the Firm. The Firm pays the Affiliate a referral fee for each Qualifying Client on the terms below.',
        ],
      },
      {
        heading: '2. Term and termination',
        paragraphs: [
          'This Agreement begins when the Affiliate accepts it and continues for an open-ended term.',
          "Either party may end this Agreement at any time by giving the other thirty (30) days' written notice.",
          'Referral fees earned before the end of this Agreement remain payable under Section 4 after it ends.',
        ],
      },
      {
        heading: '3. Qualifying clients',
        paragraphs: [
          'A Qualifying Client is a business introduced by the Affiliate that: (a) has at least $1,000,000 in annual gross eCommerce sales; (b) signs a service agreement with the Firm within sixty (60) days after the Firm accepts the referral, a period the Firm may extend by up to three hundred sixty-five (365) days; and (c) pays the Firm for its services.',
        ],
      },
      {
        heading: '4. Referral fees',
        paragraphs: [
          'For each Qualifying Client the Firm pays the Affiliate $50 per month for a Standard Package client and $100 per month for a Controller Package client.',
          "Fees are paid monthly, within thirty (30) days after the Firm receives the client's payment for that month, and only for as long as the client remains an active, paying client of the Firm.",
          "Where the Firm incurs costs to collect a client's payment, it may deduct a proportional share of those costs from the related fee.",
        ],
      },
      {
        heading: '5. Non-solicitation',
        paragraphs: [
          "During the term of this Agreement and for two (2) years after it ends, the Affiliate will not solicit any client of the Firm to move its accounting, controller or CFO services elsewhere, nor solicit the Firm's employees.",
          'An Affiliate who breaches this Section forfeits all unpaid and future fees.',
        ],
      },
      {
        heading: '6. Disputes and governing law',
        paragraphs: [
          'Any dispute arising from this Agreement will be settled by binding arbitration under the commercial arbitration rules then in force, seated in the State of Oregon.',
          'This Agreement is governed by the laws of the State of Oregon.',
        ],
      },
      {
        heading: '7. Amendments',
        paragraphs: ['This Agreement may be amended only by a written document signed by both parties.'],
      },
    ],
  },
};

export const CURRENT_AGREEMENT_VERSION = '1.0';
export const CURRENT_AGREEMENT = AGREEMENTS[CURRENT_AGREEMENT_VERSION] as AgreementText;
