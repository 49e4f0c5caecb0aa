// The referral landing page (spec §2) for referred customers at /r/$code and /partners/$code.
// It records one anonymous visit per page load and sends the visitor to the scheduling service
// with the referral code, the chosen service and the campaign parameters.

import { Badge, Box, Button, Card, Container, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { CONSULTATION_MINUTES, PRODUCT_NAME, type LandingService } from '@portal/contracts/plain';
import { IconCalendarEvent, IconCheck, IconChartLine, IconReceipt2, IconStarFilled } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { ReferralSearch } from '../../lib/referral-search';
import { trpc } from '../../lib/trpc';

export type { ReferralSearch };

export type ScheduledService = LandingService | 'general';

/** The scheduling address: ref, service, and the UTM parameters that are present. */
export function schedulingLink(baseUrl: string, options: { ref: string; service: ScheduledService; search: ReferralSearch }): string {
  const url = new URL(baseUrl);
  url.searchParams.set('ref', options.ref);
  url.searchParams.set('service', options.service);
  for (const key of ['utm_source', 'utm_medium', 'utm_campaign'] as const) {
    const value = options.search[key];
    if (value) url.searchParams.set(key, value);
  }
  return url.toString();
}

const STATS = [
  { value: '500+', label: 'E-commerce clients' },
  { value: '$2M+', label: 'Monthly revenue managed' },
  { value: '98%', label: 'Client satisfaction' },
  { value: '15%', label: 'Average profit increase' },
] as const;

interface ServiceOffer {
  id: LandingService;
  name: string;
  price: string;
  summary: string;
  features: string[];
  popular?: boolean;
  icon: typeof IconReceipt2;
}

const SERVICES: ServiceOffer[] = [
  {
    id: 'basic',
    name: 'Basic Accounting',
    price: '$500',
    summary: 'Clean books and clear monthly numbers for growing online stores.',
    features: ['Monthly bookkeeping and reconciliations', 'Sales channel and payout matching', 'Monthly financial statements', 'Sales tax support'],
    icon: IconReceipt2,
  },
  {
    id: 'cfo',
    name: 'Fractional CFO',
    price: '$1,500',
    summary: 'Strategic finance leadership to scale profitably.',
    features: ['Everything in Basic Accounting', 'Cash flow forecasting and budgets', 'Margin and unit economics analysis', 'Monthly strategy call with your CFO'],
    popular: true,
    icon: IconChartLine,
  },
];

function useRecordVisitOnce(ref: string, search: ReferralSearch) {
  const recordVisit = trpc.public.recordVisit.useMutation();
  const recorded = useRef(false);
  useEffect(() => {
    if (recorded.current) return;
    recorded.current = true;
    recordVisit.mutate(
      { referralCode: ref, utmSource: search.utm_source, utmMedium: search.utm_medium, utmCampaign: search.utm_campaign, landingPage: window.location.pathname },
      { onError: () => undefined },
    );
    // One visit per page load: the inputs of the first render are the ones that count.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

function ServiceCard({ offer, selected, onSelect, onSchedule, disabled }: { offer: ServiceOffer; selected: boolean; onSelect: () => void; onSchedule: () => void; disabled: boolean }) {
  const Icon = offer.icon;
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      data-testid={`service-${offer.id}`}
      data-selected={selected}
      style={{
        borderWidth: 2,
        borderColor: selected ? 'var(--mantine-color-blue-6)' : offer.popular ? 'var(--mantine-color-blue-2)' : undefined,
        boxShadow: selected ? '0 0 0 3px var(--mantine-color-blue-1)' : undefined,
        position: 'relative',
        overflow: 'visible',
      }}
    >
      {offer.popular && (
        <Badge leftSection={<IconStarFilled size={12} />} color="blue.8" variant="filled" style={{ position: 'absolute', top: -12, right: 16 }}>
          Most Popular
        </Badge>
      )}
      <UnstyledButton onClick={onSelect} aria-pressed={selected} data-testid={`select-${offer.id}`} style={{ display: 'block', width: '100%', textAlign: 'left' }}>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light">
            <Icon size={24} />
          </ThemeIcon>
          <div>
            <Title order={3} size="h4">
              {offer.name}
            </Title>
            <Text size="sm" c="dimmed">
              Starting at{' '}
              <Text span fw={700} c="var(--mantine-color-text)" fz="lg">
                {offer.price}
              </Text>
              /month
            </Text>
          </div>
        </Group>
        <Text size="sm" mt="md">
          {offer.summary}
        </Text>
        <List
          mt="sm"
          spacing={6}
          size="sm"
          icon={
            <ThemeIcon size={18} radius="xl" color="teal" variant="light">
              <IconCheck size={12} />
            </ThemeIcon>
          }
        >
          {offer.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
      </UnstyledButton>
      <Button mt="lg" fullWidth color="blue.8" variant={selected || offer.popular ? 'filled' : 'default'} leftSection={<IconCalendarEvent size={18} />} onClick={onSchedule} disabled={disabled}>
        Schedule Consultation
      </Button>
    </Card>
  );
}

export function ReferralLanding({ code, search }: { code: string; search: ReferralSearch }) {
  const ref = search.ref?.trim() || code;
  const [selected, setSelected] = useState<LandingService | null>(null);
  const siteConfig = trpc.public.siteConfig.useQuery();
  // An unknown or inactive code answers 404: the page still works, without a referrer.
  const link = trpc.public.referralLink.useQuery({ code: ref }, { retry: false });
  useRecordVisitOnce(ref, search);

  const referrer = link.data?.companyName;
  const schedulingUrl = siteConfig.data?.schedulingUrl;

  function schedule(service: ScheduledService) {
    if (!schedulingUrl) return;
    window.open(schedulingLink(schedulingUrl, { ref, service, search }), '_blank', 'noopener,noreferrer');
  }

  return (
    <Box bg="var(--mantine-color-body)" mih="100vh">
      <Box component="header" py="md" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={800} fz="xl" c="blue.7">
              {PRODUCT_NAME}
            </Text>
            <Badge size="lg" variant="filled" color="teal.9" data-testid="referral-badge" style={{ textTransform: 'none', maxWidth: '100%' }}>
              {search.utm_campaign ? `Referred by ${search.utm_campaign}` : 'Partner Referral'}
            </Badge>
          </Group>
        </Container>
      </Box>

      <Container size="lg" component="main" py={{ base: 'xl', sm: 48 }}>
        <Stack gap={48}>
          <Stack gap="md" align="center" ta="center" maw={760} mx="auto">
            <Title order={1} fz={{ base: 30, sm: 44 }} lh={1.15}>
              Accounting and CFO services built for e-commerce brands
            </Title>
            <Text size="lg" c="dimmed">
              {referrer ? `${referrer} recommends ${PRODUCT_NAME}. ` : ''}We keep your books accurate, your cash flow predictable and your margins growing, so you can focus on selling.
            </Text>
          </Stack>

          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            {STATS.map((stat) => (
              <Paper key={stat.label} withBorder radius="md" p="md" ta="center">
                <Text fz={{ base: 26, sm: 32 }} fw={800} c="blue.7">
                  {stat.value}
                </Text>
                <Text size="sm" c="dimmed">
                  {stat.label}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>

          <Stack gap="lg">
            <div style={{ textAlign: 'center' }}>
              <Title order={2}>Choose the help you need</Title>
              <Text c="dimmed">Select a service to tailor your consultation.</Text>
            </div>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" maw={920} mx="auto" w="100%">
              {SERVICES.map((offer) => (
                <ServiceCard
                  key={offer.id}
                  offer={offer}
                  selected={selected === offer.id}
                  onSelect={() => setSelected((current) => (current === offer.id ? null : offer.id))}
                  onSchedule={() => {
                    setSelected(offer.id);
                    schedule(offer.id);
                  }}
                  disabled={!schedulingUrl}
                />
              ))}
            </SimpleGrid>
          </Stack>

          <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} bg="blue.9" c="white" maw={920} mx="auto" w="100%">
            <Stack gap="sm" align="center" ta="center">
              <Title order={2} c="white">
                Free Financial Assessment
              </Title>
              <Text c="white">
                A {CONSULTATION_MINUTES}-minute call with our team to review your numbers and find quick wins. No commitment required.
              </Text>
              <Button size="lg" variant="white" color="blue.9" leftSection={<IconCalendarEvent size={20} />} onClick={() => schedule(selected ?? 'general')} disabled={!schedulingUrl}>
                Schedule Free Consultation
              </Button>
            </Stack>
          </Paper>
        </Stack>
      </Container>

      <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg">
          <Text size="sm" c="dimmed" ta="center" data-testid="referral-footer">
            {referrer ? (
              <>
                Referred by <b>{referrer}</b> · Referral code: <b>{ref}</b>
              </>
            ) : (
              <>
                Referral code: <b>{ref}</b>
              </>
            )}
          </Text>
        </Container>
      </Box>
    </Box>
  );
}
