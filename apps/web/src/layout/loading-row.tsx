import { Group, Loader, type MantineSpacing } from '@mantine/core';

/** The small centred spinner a list or panel shows while its query loads; `label` names what is loading. */
export function LoadingRow({ label, py, p }: { label: string; py?: MantineSpacing; p?: MantineSpacing }) {
  return (
    <Group justify="center" py={py} p={p}>
      <Loader size="sm" role="status" aria-label={label} />
    </Group>
  );
}
