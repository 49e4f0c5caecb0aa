// Payout Processor (spec §2, made real): pick pending commissions, see the total selected, 'Process
// N Payouts' shows what the server would pay (partners, fees, total, per payment method and its file,
// who waits below the minimum), and Confirm pays them in one server transaction under an idempotency
// key of that confirmation. The queue
// is paged and filtered by partner and month on the server; "Select all N matching" sends the
// filter, not ids, and the server pays every pending commission it matches. Payouts are net per
// partner: open clawbacks of the selected partners are offered for the selection. A row can be
// marked failed or voided; recent payouts offer their wire instructions as CSV.

import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  COMMISSION_MESSAGES,
  type PayoutPreviewInput,
  type PendingCommission,
  type PendingCommissionsPage,
  type PendingFilter,
} from '@portal/contracts';
import { DEFAULT_PAGE_SIZE, formatDate, formatMoney, MONTH_KEY, plural, sumMoney } from '@portal/contracts/plain';
import { IconAlertTriangle, IconCash, IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/errors';
import { useListPage } from '../../../lib/list-page';
import { afterPayout } from '../../../lib/invalidate';
import { notifySuccess, notifyFailure } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { AdjustmentDialog } from './adjustment-dialog';
import { COMMISSION_ACTIONS, CommissionActionDialog, type CommissionAction } from './commission-reason-dialog';
import { PayoutConfirmDialog } from './payout-confirm-dialog';
import { PartnerPicker, type PartnerOption } from '../partners/partner-picker';
import { PendingPayoutTable } from './pending-payout-table';
import { FailedCommissions } from './failed-commissions';
import { RecentPayouts } from './recent-payouts';
import { LoadingRow } from '../../../layout/loading-row';
import { ListPager } from '../../../components/list-pager';
import { MonthInput } from '../../../components/month-input';

/** Rows picked one by one (kept across pages), or every row the filter matches, chosen by the server. */
type Selection = { mode: 'rows'; rows: ReadonlyMap<string, PendingCommission> } | { mode: 'matching' };
const NONE: Selection = { mode: 'rows', rows: new Map() };

/** A line on what the selection holds, with the link that widens or clears it. */
function SelectionLine({
  children,
  action,
  onAction,
}: {
  children: ReactNode;
  action: ReactNode;
  onAction: () => void;
}) {
  return (
    <Group gap="xs" data-testid="select-matching">
      <Text size="sm">{children}</Text>
      <Anchor component="button" type="button" size="sm" fw={600} onClick={onAction}>
        {action}
      </Anchor>
    </Group>
  );
}

export function PayoutProcessor() {
  const utils = trpc.useUtils();
  const [partner, setPartner] = useState<PartnerOption | null>(null);
  const [monthText, setMonthText] = useState('');
  const month = MONTH_KEY.test(monthText) ? monthText : undefined;
  const [dueByText, setDueByText] = useState('');
  const dueBy = /^\d{4}-\d{2}-\d{2}$/.test(dueByText) ? dueByText : undefined;
  const filter: PendingFilter = { partnerId: partner?.id, month, ...(dueBy ? { dueBy } : {}) };
  const { setPage, offset, pager } = useListPage(DEFAULT_PAGE_SIZE);
  const pending = trpc.admin.pendingCommissions.useQuery(
    { ...filter, limit: DEFAULT_PAGE_SIZE, offset },
    { placeholderData: (previous) => previous },
  );
  const payouts = trpc.admin.payouts.useQuery({ limit: 5 });
  const settings = trpc.admin.programSettings.useQuery();
  const [selection, setSelection] = useState<Selection>(NONE);
  /** The row being marked failed or voided, while its dialog asks why. */
  const [acting, setActing] = useState<{ action: CommissionAction; item: PendingCommission } | null>(null);
  const [adjusting, setAdjusting] = useState(false);
  /** The selection being confirmed, with the idempotency key its Confirm (and a retry of it) sends. */
  const [confirming, setConfirming] = useState<{ request: PayoutPreviewInput; idempotencyKey: string } | null>(null);

  const items = pending.data?.items ?? [];
  const total = pending.data?.total ?? 0;
  const later = pending.data?.notYetOffered;
  /** Pending fees within their hold: they exist, so an empty list never says there are none. */
  const held = later?.count ?? 0;

  /** A new filter is a new queue: back to its first page, nothing selected. */
  function refilter(apply: () => void) {
    apply();
    setPage(1);
    setSelection(NONE);
  }

  const selectedIds =
    selection.mode === 'matching' ? new Set(items.map((item) => item.id)) : new Set(selection.rows.keys());
  const summary =
    selection.mode === 'matching'
      ? { count: total, total: pending.data?.totalAmount ?? '0.00' }
      : { count: selection.rows.size, total: sumMoney([...selection.rows.values()].map((row) => row.amount)) };

  function changeSelection(next: Set<string>) {
    // Unticking a row of "all matching" goes back to picking rows: the ticked rows of this page.
    const rows = new Map(selection.mode === 'rows' ? selection.rows : []);
    for (const item of items) {
      if (next.has(item.id)) rows.set(item.id, item);
      else rows.delete(item.id);
    }
    setSelection({ mode: 'rows', rows });
  }

  function include(offers: readonly PendingCommission[]) {
    if (selection.mode !== 'rows') return;
    const rows = new Map(selection.rows);
    for (const offer of offers) rows.set(offer.id, offer);
    setSelection({ mode: 'rows', rows });
  }

  /** A row that was voided or marked failed leaves the selection. */
  function forget(item: PendingCommission | null) {
    if (!item || selection.mode !== 'rows' || !selection.rows.has(item.id)) return;
    const rows = new Map(selection.rows);
    rows.delete(item.id);
    setSelection({ mode: 'rows', rows });
  }

  const payout = trpc.admin.processPayout.useMutation({
    onSuccess: async (result) => {
      setConfirming(null);
      setSelection(NONE);
      setPage(1);
      notifySuccess(
        COMMISSION_MESSAGES.payoutsProcessed,
        `${plural(result.commissionCount, 'commission', 'commissions')} paid, ${formatMoney(result.total)} (${result.reference})`,
      );
      await afterPayout(utils);
    },
    onError: async (error) => {
      setConfirming(null);
      notifyFailure(COMMISSION_MESSAGES.payoutFailed, error);
      await afterPayout(utils);
    },
  });

  /** 'Process N Payouts' asks first: the dialog sums up what the server would pay. */
  function process(pageIds: string[]) {
    const request: PayoutPreviewInput =
      selection.mode === 'matching'
        ? { matching: filter }
        : { commissionIds: selection.rows.size > 0 ? [...selection.rows.keys()] : pageIds };
    setConfirming({ request, idempotencyKey: crypto.randomUUID() });
  }

  /** Every fee the rules offer today (the hold applied by the list; the minimum by the server), whatever is selected. */
  function payAllDue() {
    setConfirming({ request: { matching: {} }, idempotencyKey: crypto.randomUUID() });
  }

  /** Settles once the payout has; the mutation's own callbacks say how it went, so a failure is not thrown again. */
  async function pay() {
    if (!confirming) return;
    await payout
      .mutateAsync({ ...confirming.request, idempotencyKey: confirming.idempotencyKey })
      .catch(() => undefined);
  }

  // Open clawbacks of the partners in the selection that the selection does not hold yet.
  const selectedPartners =
    selection.mode === 'rows' ? new Set([...selection.rows.values()].map((row) => row.partnerId)) : new Set<string>();
  const offers =
    selection.mode === 'rows'
      ? (pending.data?.openClawbacks ?? []).filter(
          (c) => selectedPartners.has(c.partnerId) && !selection.rows.has(c.id),
        )
      : [];
  const pageAllSelected = items.length > 0 && items.every((item) => selectedIds.has(item.id));
  const filtering = filter.partnerId !== undefined || filter.month !== undefined || filter.dueBy !== undefined;

  const aboveFooter = (
    <Stack gap="xs">
      {selection.mode === 'rows' && pageAllSelected && total > items.length && (
        <SelectionLine action={<>Select all {total} matching</>} onAction={() => setSelection({ mode: 'matching' })}>
          All {items.length} on this page are selected.
        </SelectionLine>
      )}
      {selection.mode === 'matching' && (
        <SelectionLine action="Clear selection" onAction={() => setSelection(NONE)}>
          All {total} {filtering ? 'matching ' : ''}pending commissions are selected; the server pays exactly those that
          match when you process them.
        </SelectionLine>
      )}
      {offers.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          title="Open clawbacks of the selected partners"
          data-testid="clawback-offer"
        >
          <Stack gap={4}>
            {offers.slice(0, 5).map((offer) => (
              <Group key={offer.id} gap="xs" justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {offer.partnerCompanyName}: {formatMoney(offer.amount)}
                  {offer.reason ? ` (${offer.reason})` : ''}
                </Text>
                <Button
                  size="compact-xs"
                  variant="light"
                  color="dark"
                  onClick={() => include([offer])}
                  aria-label={`Include clawback of ${offer.partnerCompanyName} ${formatMoney(offer.amount)}`}
                >
                  Include
                </Button>
              </Group>
            ))}
            {offers.length > 1 && (
              <Button
                size="compact-xs"
                variant="subtle"
                color="dark"
                onClick={() => include(offers)}
                style={{ alignSelf: 'flex-start' }}
              >
                Include all {offers.length}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  );

  return (
    <Card withBorder padding="lg" radius="md">
      <Group justify="space-between" mb="md" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Title order={2} size="h4">
            Payout Processor
          </Title>
          {/* The count once the queue has answered: while it loads, "0 due" would say there is nothing to pay. */}
          {pending.data && (
            <Badge variant="filled" autoContrast color={total ? 'yellow.4' : 'gray.7'} data-testid="pending-count">
              {total.toLocaleString('en-US')} due
            </Badge>
          )}
        </Group>
        <Group gap="sm">
          {pending.data?.proposedPayoutDate && (
            <Text size="sm" c="dimmed" data-testid="proposed-payout-date">
              Next payout day: {formatDate(pending.data.proposedPayoutDate)}
              {pending.data.minimumPayout && pending.data.minimumPayout !== '0.00'
                ? ` · minimum ${formatMoney(pending.data.minimumPayout)}`
                : ''}
            </Text>
          )}
          {total > 0 && (
            // The lines' sum, clawbacks netted in: what is payable (the minimum, partners whose clawbacks
            // outweigh their fees) is what Pay all due's summary shows.
            <Text size="sm" c="dimmed" data-testid="pending-total">
              {filtering ? 'Matching' : 'All due'}, net of clawbacks: {formatMoney(pending.data?.totalAmount ?? '0.00')}
            </Text>
          )}
          {total > 0 && (
            <Button size="compact-sm" leftSection={<IconCash size={14} />} onClick={payAllDue}>
              Pay all due
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setAdjusting(true)}
          >
            Add adjustment
          </Button>
        </Group>
      </Group>
      {held > 0 && later && (
        <Text size="sm" c="dimmed" mt={-8} mb="sm" data-testid="not-yet-offered">
          {notYetOfferedText(later, total)}
        </Text>
      )}
      <Group gap="sm" mb="sm" align="flex-end" wrap="wrap">
        <PartnerPicker
          label="Partner"
          placeholder="All partners"
          value={partner?.id ?? null}
          initial={partner}
          onChange={(_id, next) => refilter(() => setPartner(next))}
          w={{ base: '100%', xs: 260 }}
        />
        <MonthInput
          label="Payout month"
          placeholder="Any month"
          clearable
          value={monthText}
          onChange={(value) => refilter(() => setMonthText(value))}
          w={{ base: '100%', xs: 180 }}
        />
        <TextInput
          type="date"
          label="Due by"
          value={dueByText}
          onChange={(event) => {
            const value = event.currentTarget.value;
            refilter(() => setDueByText(value));
          }}
          w={{ base: '100%', xs: 180 }}
        />
        {filtering && (
          <Button
            variant="subtle"
            size="sm"
            onClick={() => refilter(() => (setPartner(null), setMonthText(''), setDueByText('')))}
          >
            Clear filters
          </Button>
        )}
      </Group>
      {pending.isPending ? (
        <LoadingRow label="Loading pending commissions" py="xl" />
      ) : pending.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={16} />}>
          {errorMessage(pending.error, 'Unable to load the pending commissions.')}
        </Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {filtering
            ? held > 0
              ? 'No payable commissions match these filters.'
              : 'No pending commissions match these filters.'
            : held > 0
              ? 'Nothing is payable yet: every pending fee is within its hold.'
              : settings.data?.feeBasis === 'activeMonth'
                ? 'No pending commissions. Run the monthly accrual to create them.'
                : 'No pending commissions. Record client payments to create them.'}
        </Text>
      ) : (
        <>
          <PendingPayoutTable
            items={items}
            selected={selectedIds}
            onChange={changeSelection}
            onMarkFailed={(item) => setActing({ action: 'fail', item })}
            onVoid={(item) => setActing({ action: 'void', item })}
            processing={payout.isPending}
            onProcess={process}
            selection={summary}
            aboveFooter={aboveFooter}
          />
          <ListPager {...pager} total={total} rangeTestId="payout-range" />
        </>
      )}
      <FailedCommissions />
      <RecentPayouts payouts={payouts.data?.items ?? []} />
      {COMMISSION_ACTIONS.map((action) => (
        <CommissionActionDialog
          key={action}
          action={action}
          item={acting?.action === action ? acting.item : null}
          onClose={() => {
            forget(acting?.item ?? null);
            setActing(null);
          }}
        />
      ))}
      <PayoutConfirmDialog
        request={confirming?.request ?? null}
        paying={payout.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={pay}
      />
      <AdjustmentDialog opened={adjusting} onClose={() => setAdjusting(false)} partner={partner} />
    </Card>
  );
}

/**
 * The pending fees the processor does not offer yet (within the hold after the client's payment), and the first
 * day one of them is; "more" only beside fees that are offered.
 */
function notYetOfferedText(
  { count, amount, firstOfferedOn }: PendingCommissionsPage['notYetOffered'],
  offered: number,
): string {
  const fees = `${offered > 0 ? plural(count, 'more fee', 'more fees') : plural(count, 'fee', 'fees')} (${formatMoney(amount)})`;
  const when = firstOfferedOn ? formatDate(firstOfferedOn) : 'later';
  return count === 1
    ? `${fees} is pending but not payable yet; it is offered on ${when}.`
    : `${fees} are pending but not payable yet; the first is offered on ${when}.`;
}
