// The words of the referral landing page (spec §2): the claims, the two service offers and the
// headings, kept apart from the layout that shows them.

import type { LandingService } from '@portal/contracts/plain';
import { IconChartLine, IconReceipt2 } from '@tabler/icons-react';

export const STATS = [
  { value: '500+', label: 'E-commerce clients' },
  { value: '$2M+', label: 'Monthly revenue managed' },
  { value: '98%', label: 'Client satisfaction' },
  { value: '15%', label: 'Average profit increase' },
] as const;

export interface ServiceOffer {
  id: LandingService;
  name: string;
  price: string;
  summary: string;
  features: string[];
  popular?: boolean;
  icon: typeof IconReceipt2;
}

export const SERVICES: ServiceOffer[] = [
  {
    id: 'basic',
    name: 'Basic Accounting',
    price: '$500',
    summary: 'Clean books and clear monthly numbers for growing online stores.',
    features: [
      'Monthly bookkeeping and reconciliations',
      'Sales channel and payout matching',
      'Monthly financial statements',
      'Sales tax support',
    ],
    icon: IconReceipt2,
  },
  {
    id: 'cfo',
    name: 'Fractional CFO',
    price: '$1,500',
    summary: 'Strategic finance leadership to scale profitably.',
    features: [
      'Everything in Basic Accounting',
      'Cash flow forecasting and budgets',
      'Margin and unit economics analysis',
      'Monthly strategy call with your CFO',
    ],
    popular: true,
    icon: IconChartLine,
  },
];

export const LANDING_COPY = {
  headline: 'Accounting and CFO services built for e-commerce brands',
  pitch:
    'We keep your books accurate, your cash flow predictable and your margins growing, so you can focus on selling.',
  servicesTitle: 'Choose the help you need',
  servicesHint: 'Select a service to tailor your consultation.',
  assessmentTitle: 'Free Financial Assessment',
  assessmentText: (minutes: number) =>
    `A ${minutes}-minute call with our team to review your numbers and find quick wins. No commitment required.`,
} as const;
