// The landing page (spec §2): the partner program's claims, the two portals, and the way in.
// The dialog (and the schema library its form uses) loads when a visitor first opens it. A tap on
// "Sign In" / "Create Partner Account" before the server-rendered page is hydrated is recorded by the
// page's inline script (lib/first-tap.ts) and opens the dialog as soon as the page is hydrated.

import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { COMMISSION_BY_SERVICE, perMonth, type ServiceType } from '@portal/contracts/plain';
import { IconCheck, IconShieldCheck, IconUsersGroup } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { ThemeToggle } from '../../layout/theme-toggle';
import { FIRST_TAP_ATTRIBUTE, takeFirstTap } from '../../lib/first-tap';
import type { AuthDialogProps, AuthMode } from './auth-dialog';
import { ProductMark } from './product-mark';
import classes from './landing-page.module.css';

const SpaAuthDialog = lazy(() => import('./auth-dialog').then((m) => ({ default: m.AuthDialog })));

type Fees = Record<ServiceType, string>;

/**
 * The fees of the terms in force (GET /api/program-terms), read after hydration: the page is prerendered
 * with version 1's fees and shows the current ones as soon as they arrive.
 */
function useFeesInForce(): Fees {
  const [fees, setFees] = useState<Fees>(COMMISSION_BY_SERVICE);
  useEffect(() => {
    if (typeof fetch !== 'function') return;
    const controller = new AbortController();
    fetch('/api/program-terms', { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ fees?: Fees }>) : null))
      .then((terms) => {
        if (terms?.fees?.basic_accounting && terms.fees.controller) setFees(terms.fees);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return fees;
}

const claimsOf = (fees: Fees) => [
  { value: perMonth(fees.basic_accounting, 'mo'), label: 'per basic accounting client' },
  { value: perMonth(fees.controller, 'mo'), label: 'per CFO & controller client' },
  { value: '127+', label: 'active partners' },
  { value: '32%', label: 'conversion rate' },
  { value: 'Lifetime', label: 'recurring revenue' },
];

const PORTALS = [
  {
    title: 'Partner Portal',
    description: 'For agencies, consultants and advisors who refer e-commerce businesses.',
    icon: IconUsersGroup,
    color: 'blue',
    features: ['Track referral status and earnings', 'Generate unique referral links', 'Download marketing materials'],
  },
  {
    title: 'Admin Portal',
    description: 'For our team running the partner program.',
    icon: IconShieldCheck,
    color: 'teal',
    features: ['Partner approval queue', 'Deal pipeline management', 'Bulk payout processing'],
  },
] as const;

/**
 * `authDialog`: the (lazily loaded) sign-in dialog; by default the SPA's, which lives inside its
 * providers. The server-rendered page's lean hydration passes one that brings its own (public-auth-dialog.tsx).
 */
export function LandingPage({
  openSignIn = false,
  authDialog: AuthDialog = SpaAuthDialog,
}: {
  openSignIn?: boolean;
  authDialog?: ComponentType<AuthDialogProps>;
}) {
  const claims = claimsOf(useFeesInForce());
  const [dialog, setDialog] = useState<{ opened: boolean; mode: AuthMode }>({ opened: openSignIn, mode: 'login' });
  // Mounted from the first opening on, so closing can animate and reopening is instant.
  const [dialogLoaded, setDialogLoaded] = useState(openSignIn);
  // The lazily loaded dialog mounts already open the first time, so Mantine never sees its opener:
  // remember it here and give focus back on close.
  const opener = useRef<HTMLElement | null>(null);
  const open = (mode: AuthMode, from?: HTMLElement | null) => {
    opener.current = from ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    setDialogLoaded(true);
    setDialog({ opened: true, mode });
  };
  // A tap made before hydration: open what was tapped (once), and give focus back to that button on close.
  useEffect(() => {
    const tapped = takeFirstTap();
    if (tapped !== 'login' && tapped !== 'register') return;
    open(tapped, document.querySelector<HTMLElement>(`[${FIRST_TAP_ATTRIBUTE}="${tapped}"]`));
    // Once, on mount: the taps recorded before it.
  }, []);
  const close = () => {
    setDialog((current) => ({ ...current, opened: false }));
    opener.current?.focus();
  };

  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Container size="lg" py="md">
        <Group justify="space-between" wrap="nowrap">
          <ProductMark />
          <ThemeToggle />
        </Group>
      </Container>

      <Container size="lg" component="main" pt={{ base: 'lg', sm: 48 }} pb={64}>
        <Stack align="center" gap="lg" ta="center" maw={760} mx="auto">
          <Badge
            variant="light"
            size="lg"
            styles={{
              root: { height: 'auto', paddingBlock: 4, maxWidth: '100%' },
              label: { whiteSpace: 'normal', textAlign: 'center' },
            }}
          >
            E-commerce accounting & fractional CFO services
          </Badge>
          <Title order={1} fz={{ base: 32, sm: 48 }} lh={1.15}>
            Earn recurring commissions for every business you refer
          </Title>
          <Text size="lg" c="dimmed">
            Introduce e-commerce brands to our accounting and CFO team. You earn a monthly commission for as long as the
            client stays with us.
          </Text>
          <Group justify="center" gap="sm" w="100%">
            <Button size="md" onClick={() => open('register')} miw={220} data-first-tap="register">
              Create Partner Account
            </Button>
            <Button size="md" variant="default" onClick={() => open('login')} miw={140} data-first-tap="login">
              Sign In
            </Button>
          </Group>
        </Stack>

        <SimpleGrid
          cols={{ base: 2, sm: 3, md: 5 }}
          spacing="md"
          mt={56}
          aria-label="Program highlights"
          className={classes.highlights}
        >
          {claims.map((claim) => (
            <Card key={claim.label} withBorder radius="md" padding="md" ta="center">
              <Text fz={28} fw={800} c="blue.7" lh={1.1} className="claim-value">
                {claim.value}
              </Text>
              <Text size="sm" c="dimmed" mt={4}>
                {claim.label}
              </Text>
            </Card>
          ))}
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mt={56}>
          {PORTALS.map((portal) => (
            <Card key={portal.title} withBorder radius="md" padding="xl" shadow="xs">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon size={44} radius="md" variant="light" color={portal.color} aria-hidden>
                  <portal.icon size={24} />
                </ThemeIcon>
                <div>
                  <Title order={2} fz="xl">
                    {portal.title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {portal.description}
                  </Text>
                </div>
              </Group>
              <List
                mt="lg"
                spacing="sm"
                icon={
                  <ThemeIcon size={20} radius="xl" color={portal.color} variant="light" aria-hidden>
                    <IconCheck size={14} />
                  </ThemeIcon>
                }
              >
                {portal.features.map((feature) => (
                  <List.Item key={feature}>{feature}</List.Item>
                ))}
              </List>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      {dialogLoaded ? (
        <Suspense fallback={null}>
          <AuthDialog
            opened={dialog.opened}
            mode={dialog.mode}
            onModeChange={(mode) => setDialog({ opened: true, mode })}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
