// A short list of labelled facts about the applicant (company, contact, status, ...).

import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function ProfileFacts({ facts }: { facts: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
      <Stack gap="xs" component="dl" m={0}>
        {facts.map(([label, value]) => (
          <Group key={label} justify="space-between" wrap="nowrap" gap="md">
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" fw={500} m={0} ta="right" style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
