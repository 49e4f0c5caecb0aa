// The payout queue's table: pick pending commissions (or all on the page), see the total selected
// and pay them with 'Process N Payouts'; each row can be marked failed or voided. Bonuses and
// clawbacks carry their kind and reason. On a card (the shared table's narrow layout) a row is three
// cells: the checkbox, the partner with client (or kind), month and reason under it, and the amount
// with the row's actions under it.

import { Badge, Box, Button, Checkbox, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { PendingCommission } from '@portal/contracts';
import {
  formatDate,
  COMMISSION_KIND_LABELS,
  formatMoney,
  formatMonthKey,
  formatMonthShort,
  sumMoney,
  TAX_MESSAGES,
} from '@portal/contracts/plain';
import { IconBan, IconCash, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ACTIONS_COLUMN, CardOnly, ColumnTable } from '../../../components/column-table';
import { pendingLabel } from './commission-reason-dialog';

/** The sum of the selected rows, in cents under the hood (sumMoney), as a decimal string. */
export function selectedTotal(items: readonly PendingCommission[], selected: ReadonlySet<string>): string {
  return sumMoney(items.filter((item) => selected.has(item.id)).map((item) => item.amount));
}

/** The spec's wording, 'Process N Payouts', for every N. */
export const processLabel = (count: number) => `Process ${count} Payouts`;

/** Bonus and clawback badges; a recurring commission has none. Filled dark shades keep 4.5:1 on any row background. */
export function KindBadge({ kind }: { kind: PendingCommission['kind'] }) {
  if (kind === 'recurring') return null;
  return (
    <Badge
      size="xs"
      variant="filled"
      autoContrast
      color={kind === 'clawback' ? 'red.9' : 'teal.9'}
      data-testid="kind-badge"
    >
      {COMMISSION_KIND_LABELS[kind]}
    </Badge>
  );
}

function RowAction({
  label,
  icon,
  onClick,
  ariaLabel,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  ariaLabel: string;
}) {
  return (
    // The words on a table; on a card, at its foot, the icon before them.
    <Button size="compact-sm" variant="subtle" color="red" px={6} onClick={onClick} aria-label={ariaLabel}>
      <CardOnly>
        <Box component="span" display="inline-flex" mr={4} style={{ verticalAlign: 'middle' }}>
          {icon}
        </Box>
      </CardOnly>
      {label}
    </Button>
  );
}

/**
 * A row's actions, right-aligned so that Void sits in the same place on every row, whether Mark
 * failed is there or not (a clawback is never paid out, so it cannot fail).
 */
function RowActions({
  item,
  onMarkFailed,
  onVoid,
}: {
  item: PendingCommission;
  onMarkFailed: (item: PendingCommission) => void;
  onVoid?: (item: PendingCommission) => void;
}) {
  const name = `${pendingLabel(item)} ${formatMonthKey(item.monthYear)}`;
  return (
    <Group gap={0} wrap="nowrap" justify="flex-end" data-testid="payout-actions">
      {item.kind !== 'clawback' && (
        <RowAction
          label="Mark failed"
          icon={<IconBan size={16} />}
          onClick={() => onMarkFailed(item)}
          ariaLabel={`Mark failed: ${name}`}
        />
      )}
      {onVoid && (
        <RowAction
          label="Void"
          icon={<IconTrash size={16} />}
          onClick={() => onVoid(item)}
          ariaLabel={`Void: ${name}`}
        />
      )}
    </Group>
  );
}

function Reason({ item }: { item: PendingCommission }) {
  if (!item.reason) return null;
  return (
    <Text size="xs" c="dimmed" lineClamp={1} title={item.reason}>
      {item.reason}
    </Text>
  );
}

/** The partner, with its missing tax profile; on a card also the client (or the kind), month and reason. */
function PartnerCell({ item }: { item: PendingCommission }) {
  return (
    <>
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={500}>
          {item.partnerCompanyName}
        </Text>
        {item.taxProfileMissing && (
          <Tooltip
            label={TAX_MESSAGES.missingTooltip}
            multiline
            w={240}
            withArrow
            events={{ hover: true, focus: true, touch: true }}
          >
            <Badge size="xs" color="orange.9" variant="filled" tabIndex={0} data-testid="tax-profile-missing">
              {TAX_MESSAGES.missingBadge}
            </Badge>
          </Tooltip>
        )}
        {item.belowMinimum && (
          <Tooltip
            label="This partner's payable total is below the program's minimum payout; their fees wait for a later payout."
            multiline
            w={240}
            withArrow
            events={{ hover: true, focus: true, touch: true }}
          >
            <Badge size="xs" color="gray.7" variant="filled" tabIndex={0} data-testid="below-minimum">
              Below minimum: waits
            </Badge>
          </Tooltip>
        )}
      </Group>
      <CardOnly>
        <Group gap={6} wrap="wrap" data-testid="payout-row-details">
          <Text size="xs" c="dimmed" fw={400}>
            {pendingLabel(item)} · <span style={{ whiteSpace: 'nowrap' }}>{formatMonthShort(item.monthYear)}</span>
          </Text>
          {item.clientCompanyName && <KindBadge kind={item.kind} />}
          {/* A fee accrued before client payments has no due date: the card says nothing rather than a dash. */}
          {/* Without the table's Due header beside it, the card names the date. */}
          {item.dueBy && <DueDate item={item} prefix="Due" />}
        </Group>
        <Reason item={item} />
      </CardOnly>
    </>
  );
}

export function PendingPayoutTable({
  items,
  selected,
  onChange,
  onMarkFailed,
  onVoid,
  onProcess,
  processing,
  selection,
  aboveFooter,
}: {
  items: readonly PendingCommission[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  onMarkFailed: (item: PendingCommission) => void;
  onVoid?: (item: PendingCommission) => void;
  onProcess: (ids: string[]) => void;
  processing: boolean;
  /** What is selected across pages (count and net); by default the selected rows of this page. */
  selection?: { count: number; total: string };
  /** Shown between the table and the total (select all matching, offered clawbacks). */
  aboveFooter?: ReactNode;
}) {
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  const someSelected = items.some((item) => selected.has(item.id));
  const chosen = items.filter((item) => selected.has(item.id));
  const count = selection?.count ?? chosen.length;
  const total = selection?.total ?? selectedTotal(items, selected);

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };

  return (
    <Stack gap="sm">
      <ColumnTable
        verticalSpacing="xs"
        horizontalSpacing="xs"
        highlightOnHover
        rows={items}
        rowProps={() => ({ 'data-testid': 'payout-row' })}
        columns={[
          {
            header: 'Select',
            card: 'select',
            width: 40,
            head: (
              <Checkbox
                aria-label="Select all"
                // A table's header names the column; above the cards the box stands alone, so it says what it does.
                label={
                  <CardOnly>
                    <span style={{ whiteSpace: 'nowrap' }}>Select all</span>
                  </CardOnly>
                }
                checked={allSelected}
                indeterminate={someSelected && !allSelected}
                disabled={items.length === 0}
                onChange={() => {
                  const next = new Set(selected);
                  for (const item of items) {
                    if (allSelected) next.delete(item.id);
                    else next.add(item.id);
                  }
                  onChange(next);
                }}
              />
            ),
            cell: (item) => (
              <Checkbox
                aria-label={`Select ${pendingLabel(item)} ${formatMonthKey(item.monthYear)}`}
                checked={selected.has(item.id)}
                onChange={() => toggle(item.id)}
              />
            ),
          },
          { header: 'Partner', card: 'title', cell: (item) => <PartnerCell item={item} /> },
          {
            header: 'Client',
            card: 'hidden',
            cell: (item) => (
              <>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm">{item.clientCompanyName ?? '—'}</Text>
                  <KindBadge kind={item.kind} />
                </Group>
                <Reason item={item} />
              </>
            ),
          },
          { header: 'Month', card: 'hidden', cell: (item) => <Text size="sm">{formatMonthKey(item.monthYear)}</Text> },
          { header: 'Due', card: 'hidden', cell: (item) => <DueDate item={item} /> },
          {
            header: 'Amount',
            card: 'aside',
            numeric: true,
            cell: (item) => (
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(item.amount)}
              </Text>
            ),
          },
          {
            ...ACTIONS_COLUMN,
            width: 170,
            cell: (item) => <RowActions item={item} onMarkFailed={onMarkFailed} onVoid={onVoid} />,
          },
        ]}
      />
      {aboveFooter}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">
          Total selected:{' '}
          <Text span fw={700} data-testid="payout-total">
            {formatMoney(total)}
          </Text>
        </Text>
        <Button
          leftSection={<IconCash size={16} />}
          disabled={count === 0}
          loading={processing}
          onClick={() => onProcess(chosen.map((item) => item.id))}
        >
          {processLabel(count)}
        </Button>
      </Group>
    </Stack>
  );
}

/** The fee's due date (client payment + 30 days), marked overdue once it has passed; "—" on older fees. */
export function DueDate({
  item,
  today = new Date().toISOString().slice(0, 10),
  prefix,
}: {
  item: { dueBy?: string | null };
  today?: string;
  /** A word before the date where no column header names it ("Due"). */
  prefix?: string;
}) {
  if (!item.dueBy)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const overdue = item.dueBy < today;
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {prefix ? `${prefix} ` : ''}
        {formatDate(item.dueBy)}
      </Text>
      {overdue && (
        <Badge size="xs" color="red" variant="light" style={{ flexShrink: 0 }} data-testid="overdue">
          Overdue
        </Badge>
      )}
    </Stack>
  );
}
