// The bare one-card page (no sidebar, like the landing) of the pages a mail link or a sign-in
// step opens: reset password, accept invitation, two-factor setup.

import { Box, Card, Container, Stack, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardHeading } from '../../components/card-heading';
import { ProductMark } from './product-mark';

export function BareCardPage({
  title,
  description,
  size = 'xs',
  children,
}: {
  title: string;
  description: string;
  size?: MantineSize;
  children: ReactNode;
}) {
  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Container size={size} py="xl" component="main">
        <Stack gap="lg">
          <ProductMark />
          <Card withBorder padding="lg" radius="md">
            <Stack gap="md">
              <CardHeading order={1} size="h3" title={title} description={description} />
              {children}
            </Stack>
          </Card>
        </Stack>
      </Container>
    </Box>
  );
}
