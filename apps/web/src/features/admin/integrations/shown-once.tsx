// A secret the server answers once (an API key, a webhook signing secret): shown with a copy button
// and the warning that it cannot be seen again, then Done, which closes the dialog that shows it.

import { ActionIcon, Alert, Button, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function ShownOnce({
  label,
  value,
  onDone,
  children,
}: {
  label: string;
  value: string;
  onDone: () => void;
  /** What the secret is for, between it and Done. */
  children?: ReactNode;
}) {
  return (
    <Stack>
      <Stack gap="xs">
        <Alert color="yellow" title={`Copy the ${label} now`}>
          It is shown only this once. Store it where your tool keeps its secrets.
        </Alert>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code
            block
            style={{ flex: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
            data-testid="shown-once-value"
          >
            {value}
          </Code>
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : `Copy the ${label}`}>
                <ActionIcon
                  variant="light"
                  color={copied ? 'teal' : 'blue'}
                  size="lg"
                  onClick={copy}
                  aria-label={`Copy the ${label}`}
                >
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Text size="xs" c="dimmed">
          Lost it? Create a new one and remove the old.
        </Text>
      </Stack>
      {children}
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
