// The referral landing page (spec §2) for referred customers at /r/$code and /partners/$code, as a
// view of its data: who referred the visitor and where to schedule. Two adapters feed it: the SPA's
// route (referral-landing.tsx, tRPC queries) and the server-rendered page's lean hydration
// (public-referral-landing.tsx, the data the server rendered with, no tRPC client). It records one
// anonymous visit per page load and sends the visitor to the scheduling service with the referral
// code, the chosen service and the campaign parameters. The schedule buttons are real links (in the
// server's HTML, so a tap before the JavaScript has arrived opens the scheduling service in a new tab);
// once hydrated, the service cards' selection updates the main button's address.

import { Badge, Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CONSULTATION_MINUTES, PRODUCT_NAME, type LandingService } from '@portal/contracts/plain';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { ReferralSearch } from '../../lib/referral-search';
import { LANDING_COPY, SERVICES, STATS } from './landing-copy';
import { SCHEDULE_LINK_PROPS, ServiceCard } from './service-card';

export type { ReferralSearch };

export type ScheduledService = LandingService | 'general';

/**
 * The scheduling address: ref, service, the UTM parameters that are present, `utm_content` = the referral
 * code and, for a chosen service, `utm_term` = the service (Calendly hands back only UTM values with a
 * booking, so the code and the service travel there too).
 */
/**
 * The assessment's button: large, and on a phone as wide as the panel at most, its words wrapping onto a
 * second line rather than running past the panel's edge.
 */
const ASSESSMENT_BUTTON = {
  size: 'lg',
  variant: 'white',
  color: 'blue.9',
  leftSection: <IconCalendarEvent size={20} />,
  maw: '100%',
  h: 'auto',
  py: 13,
  styles: { label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } },
} as const;

export function schedulingLink(
  baseUrl: string,
  options: { ref: string; service: ScheduledService; search: ReferralSearch },
): string {
  const url = new URL(baseUrl);
  url.searchParams.set('ref', options.ref);
  url.searchParams.set('service', options.service);
  for (const key of ['utm_source', 'utm_medium', 'utm_campaign'] as const) {
    const value = options.search[key];
    if (value) url.searchParams.set(key, value);
  }
  url.searchParams.set('utm_content', options.ref);
  if (options.service !== 'general') url.searchParams.set('utm_term', options.service);
  return url.toString();
}

/** What a visit records (public.recordVisit's input). */
export interface VisitInput {
  referralCode: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  landingPage: string;
}

/**
 * Calls `record` once per page load, as soon as `ready`: a page still looking its code up waits, and one
 * that then knows the code is no active partner's records nothing (no visit of a link that does not exist).
 */
export function useRecordVisitOnce(
  ref: string,
  search: ReferralSearch,
  record: (input: VisitInput) => void,
  { ready = true, unknownCode = false }: { ready?: boolean; unknownCode?: boolean } = {},
) {
  const settled = useRef(false);
  useEffect(() => {
    if (settled.current || !ready) return;
    settled.current = true;
    if (unknownCode) return;
    record({
      referralCode: ref,
      utmSource: search.utm_source,
      utmMedium: search.utm_medium,
      utmCampaign: search.utm_campaign,
      landingPage: window.location.pathname,
    });
    // One visit per page load, with the page's address and campaign as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, unknownCode]);
}

/** The trimmed `?ref=` wins over the code in the path. */
export const referralCodeFor = (code: string, search: ReferralSearch) => search.ref?.trim() || code;

export interface ReferralLandingViewProps {
  code: string;
  search: ReferralSearch;
  /** The referring partner's company name, when the code is known and active. */
  referrer: string | undefined;
  /** The scheduling service's address; the buttons are disabled without it. */
  schedulingUrl: string | undefined;
  /** The code is known to be no active partner's: the footer says so, and that booking still works. */
  unknownCode?: boolean;
}

export function ReferralLandingView({ code, search, referrer, schedulingUrl, unknownCode }: ReferralLandingViewProps) {
  const ref = referralCodeFor(code, search);
  const [selected, setSelected] = useState<LandingService | null>(null);

  // The links' addresses (undefined without a scheduling address: the buttons are disabled then).
  const hrefFor = (service: ScheduledService) =>
    schedulingUrl ? schedulingLink(schedulingUrl, { ref, service, search }) : undefined;
  const mainHref = hrefFor(selected ?? 'general');

  return (
    <Box bg="var(--mantine-color-body)" mih="100vh">
      <Box component="header" py="md" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={800} fz="xl" c="blue.7">
              {PRODUCT_NAME}
            </Text>
            <Badge
              size="lg"
              variant="filled"
              color="teal.9"
              data-testid="referral-badge"
              style={{ textTransform: 'none', maxWidth: '100%' }}
            >
              {search.utm_campaign ? `Referred by ${search.utm_campaign}` : 'Partner Referral'}
            </Badge>
          </Group>
        </Container>
      </Box>

      <Container size="lg" component="main" py={{ base: 'xl', sm: 48 }}>
        <Stack gap={48}>
          <Stack gap="md" align="center" ta="center" maw={760} mx="auto">
            <Title order={1} fz={{ base: 30, sm: 44 }} lh={1.15}>
              {LANDING_COPY.headline}
            </Title>
            <Text size="lg" c="dimmed">
              {referrer ? `${referrer} recommends ${PRODUCT_NAME}. ` : ''}
              {LANDING_COPY.pitch}
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
              <Title order={2}>{LANDING_COPY.servicesTitle}</Title>
              <Text c="dimmed">{LANDING_COPY.servicesHint}</Text>
            </div>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" maw={920} mx="auto" w="100%">
              {SERVICES.map((offer) => (
                <ServiceCard
                  key={offer.id}
                  offer={offer}
                  selected={selected === offer.id}
                  onSelect={() => setSelected((current) => (current === offer.id ? null : offer.id))}
                  scheduleHref={hrefFor(offer.id)}
                  onSchedule={() => setSelected(offer.id)}
                />
              ))}
            </SimpleGrid>
          </Stack>

          <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} bg="blue.9" c="white" maw={920} mx="auto" w="100%">
            <Stack gap="sm" align="center" ta="center">
              <Title order={2} c="white">
                {LANDING_COPY.assessmentTitle}
              </Title>
              <Text c="white">{LANDING_COPY.assessmentText(CONSULTATION_MINUTES)}</Text>
              {mainHref ? (
                <Button component="a" href={mainHref} {...SCHEDULE_LINK_PROPS} {...ASSESSMENT_BUTTON}>
                  Schedule Free Consultation
                </Button>
              ) : (
                <Button {...ASSESSMENT_BUTTON} disabled>
                  Schedule Free Consultation
                </Button>
              )}
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
            ) : unknownCode ? (
              <>
                Referral code <b>{ref}</b> is not an active partner’s code. You can still book a consultation; tell us
                who sent you.
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
