// /two-factor-setup: where a team member without TOTP goes before /admin while ADMIN_MFA_REQUIRED.

import { Box, Card, Container, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useSession } from '../../lib/session';
import { ProductMark } from './product-mark';
import { TwoFactorSetup } from './two-factor-setup';

export function TwoFactorSetupPage() {
  const navigate = useNavigate();
  const session = useSession();
  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Container size="sm" py="xl" component="main">
        <Stack gap="lg">
          <ProductMark />
          <Card withBorder padding="lg" radius="md">
            <Stack gap="md">
              <div>
                <Title order={1} size="h3">
                  Turn on two-factor sign-in
                </Title>
                <Text size="sm" c="dimmed">
                  Administrators sign in with a password and a code from an authenticator app. Set it up once to open the admin area.
                </Text>
              </div>
              <TwoFactorSetup
                onDone={() => {
                  void session.refreshUser().then(() => navigate({ to: '/admin', replace: true }));
                }}
              />
            </Stack>
          </Card>
        </Stack>
      </Container>
    </Box>
  );
}
