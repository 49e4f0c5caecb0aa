// The payout queue's table: pick pending commissions (or all), see the total selected and pay them
// with 'Process N Payouts'; each row can be marked failed. Narrow screens fold client and month in.

import { Badge, Box, Button, Checkbox, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { PendingCommission } from '@portal/contracts';
import { formatMoney, formatMonthKey, sumMoney, TAX_MESSAGES } from '@portal/contracts/plain';
import { IconBan, IconCash } from '@tabler/icons-react';
import { ActionsHeader } from './actions-header';

/** The sum of the selected rows, in cents under the hood (sumMoney), as a decimal string. */
export function selectedTotal(items: readonly PendingCommission[], selected: ReadonlySet<string>): string {
  return sumMoney(items.filter((item) => selected.has(item.id)).map((item) => item.amount));
}

/** The spec's wording, 'Process N Payouts', for every N. */
export const processLabel = (count: number) => `Process ${count} Payouts`;

export function PendingPayoutTable({
  items,
  selected,
  onChange,
  onMarkFailed,
  onProcess,
  processing,
}: {
  items: readonly PendingCommission[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  onMarkFailed: (item: PendingCommission) => void;
  onProcess: (ids: string[]) => void;
  processing: boolean;
}) {
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  const someSelected = items.some((item) => selected.has(item.id));
  const chosen = items.filter((item) => selected.has(item.id));

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={280}>
        <Table verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all"
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  disabled={items.length === 0}
                  onChange={() => onChange(allSelected ? new Set() : new Set(items.map((item) => item.id)))}
                />
              </Table.Th>
              <Table.Th>Partner</Table.Th>
              <Table.Th visibleFrom="sm">Client</Table.Th>
              <Table.Th visibleFrom="sm">Month</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <ActionsHeader w={{ base: 40, sm: 110 }} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id} data-testid="payout-row">
                <Table.Td>
                  <Checkbox aria-label={`Select ${item.clientCompanyName} ${formatMonthKey(item.monthYear)}`} checked={selected.has(item.id)} onChange={() => toggle(item.id)} />
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="wrap">
                    <Text size="sm" fw={500}>
                      {item.partnerCompanyName}
                    </Text>
                    {item.taxProfileMissing && (
                      <Tooltip label={TAX_MESSAGES.missingTooltip} multiline w={240} withArrow events={{ hover: true, focus: true, touch: true }}>
                        <Badge size="xs" color="orange.9" variant="filled" tabIndex={0} data-testid="tax-profile-missing">
                          {TAX_MESSAGES.missingBadge}
                        </Badge>
                      </Tooltip>
                    )}
                  </Group>
                  {/* Narrow screens: client and month under the partner instead of their own columns. */}
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {item.clientCompanyName} · {formatMonthKey(item.monthYear)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{item.clientCompanyName}</Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{formatMonthKey(item.monthYear)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" fw={600}>
                    {formatMoney(item.amount)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Button size="compact-sm" variant="subtle" color="red" px={6} onClick={() => onMarkFailed(item)} aria-label={`Mark failed: ${item.clientCompanyName} ${formatMonthKey(item.monthYear)}`}>
                    {/* An icon on narrow screens, the words on wider ones. */}
                    <Box component="span" hiddenFrom="sm" display="flex">
                      <IconBan size={16} />
                    </Box>
                    <Box component="span" visibleFrom="sm">
                      Mark failed
                    </Box>
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">
          Total selected:{' '}
          <Text span fw={700} data-testid="payout-total">
            {formatMoney(selectedTotal(items, selected))}
          </Text>
        </Text>
        <Button leftSection={<IconCash size={16} />} disabled={chosen.length === 0} loading={processing} onClick={() => onProcess(chosen.map((item) => item.id))}>
          {processLabel(chosen.length)}
        </Button>
      </Group>
    </Stack>
  );
}
