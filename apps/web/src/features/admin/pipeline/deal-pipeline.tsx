// Deal Pipeline (spec §2): five stage columns, each paged on the server newest first with a
// keyset cursor ("Load more") and its true count; a search box and a partner filter narrow all five.
// Each deal's stage selector saves to the server: the move shows at once (optimistic cache update of
// both columns) and is undone with a toast if the server refuses. The selector is a button opening a
// menu of the five stages: up to 100 cards are on screen, and a menu's dropdown only mounts when it
// opens, where a Select would give every card its own combobox (store, input, options). On its own
// page (`draggable`) a deal is also dragged between the columns (pipeline-drag.tsx). Moving a deal to Lost
// asks for the reason, to Won for the signing date and annual sales (won-dialog.tsx), either way.

import { Badge, Button, Card, Group, Menu, Paper, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSelector } from '@tabler/icons-react';
import type { InfiniteData } from '@tanstack/react-query';
import {
  formatMoney,
  PIPELINE_PAGE_SIZE,
  REFERRAL_STAGE_LABELS,
  REFERRAL_STAGES,
  SERVICE_TYPE_LABELS,
  todayIsoDate,
  type PipelineColumn,
  type Referral,
  type ReferralStage,
} from '@portal/contracts';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { notifySuccess, notifyFailure } from '../../../lib/notify';
import { afterStageChange } from '../../../lib/invalidate';
import { useCan } from '../../../lib/permissions';
import { trpc, type RouterInputs } from '../../../lib/trpc';
import { PartnerPageLink } from '../partners/affiliate-rows';
import { PartnerPicker } from '../partners/partner-picker';
import { LoadingRow } from '../../../layout/loading-row';
import { FreshItemDialog } from '../../../layout/fresh-dialog';
import { ReasonForm } from '../../../layout/reason-form';
import { DraggableDeal, DroppableStage, PipelineDragAndDrop } from './pipeline-drag';
import { QualificationBadge } from './qualification-badge';
import { STAGE_COLORS, StoppedClientBadge, stoppedClient } from '../../partner/referrals-tab';
import { DealActions } from './deal-actions';
import { WonDialog } from './won-dialog';
import { SearchInput } from '../../../components/search-input';
import { FilteredListHeading } from '../../../components/list-section';

type Filters = Pick<RouterInputs['admin']['pipelineColumn'], 'search' | 'partnerId'>;

/** The query of one column under the filters (the cursor is the infinite query's page parameter). */
const columnInput = (stage: ReferralStage, filters: Filters): RouterInputs['admin']['pipelineColumn'] => ({
  stage,
  limit: PIPELINE_PAGE_SIZE,
  ...filters,
});

/** A column's loaded pages, whatever the cache's page-parameter type. */
type ColumnData = Pick<InfiniteData<PipelineColumn>, 'pages'>;

/** The column without `id`, one fewer in its count. */
function withoutDeal<D extends ColumnData>(data: D, id: string): D {
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.items.some((deal) => deal.id === id)
        ? { ...page, items: page.items.filter((deal) => deal.id !== id), total: page.total - 1 }
        : { ...page, total: page.total - 1 },
    ),
  };
}

/** The column with `deal` in its place by age among the loaded deals (or beyond them, unloaded), one more in its count. */
function withDeal<D extends ColumnData>(data: D, deal: Referral): D {
  const pages = data.pages.map((page) => ({ ...page, total: page.total + 1 }));
  const last = pages.at(-1);
  const loadedAll = !last?.nextCursor;
  for (const page of pages) {
    const at = page.items.findIndex(
      (other) => other.createdAt < deal.createdAt || (other.createdAt === deal.createdAt && other.id < deal.id),
    );
    if (at >= 0) {
      page.items = [...page.items.slice(0, at), deal, ...page.items.slice(at)];
      return { ...data, pages };
    }
  }
  if (loadedAll && last) last.items = [...last.items, deal];
  return { ...data, pages };
}

/** The stage selector of one card: the current stage on a button, the five stages in its menu. */
function StageMenu({
  deal,
  disabled,
  onChange,
}: {
  deal: Referral;
  disabled: boolean;
  onChange: (stage: ReferralStage) => void;
}) {
  const current = REFERRAL_STAGE_LABELS[deal.stage];
  const target = useRef<HTMLButtonElement>(null);
  return (
    // Focus goes back to the button as the menu closes, before the Lost dialog opens: the dialog then
    // keeps its focus (Mantine's own return comes 10 ms later and would take it) and returns it here.
    // The menu opens on the current stage (no focus placeholder: a menu may hold only its items).
    <Menu
      position="bottom-start"
      width="target"
      disabled={disabled}
      returnFocus={false}
      onClose={() => target.current?.focus()}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <Button
          ref={target}
          size="xs"
          variant="default"
          fullWidth
          justify="space-between"
          // Reads like the field it replaced: regular weight, input padding.
          fw={400}
          pl={10}
          pr={8}
          rightSection={<IconSelector size={14} aria-hidden />}
          disabled={disabled}
          // The visible stage is part of the name, so voice control users can say what they see.
          aria-label={`Stage of ${deal.clientCompanyName}: ${current}`}
          data-testid="deal-stage"
        >
          {current}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.RadioGroup
          value={deal.stage}
          onChange={(value) => {
            const stage = REFERRAL_STAGES.find((candidate) => candidate === value);
            if (stage && stage !== deal.stage) onChange(stage);
          }}
        >
          {REFERRAL_STAGES.map((stage) => (
            // A radio item keeps its menu open by default; a choice closes it (the Lost and Won dialogs open over the card).
            <Menu.RadioItem
              key={stage}
              value={stage}
              closeMenuOnClick
              data-autofocus={stage === deal.stage || undefined}
            >
              {REFERRAL_STAGE_LABELS[stage]}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}

function DealCard({
  deal,
  onStageChange,
}: {
  deal: Referral;
  onStageChange: (deal: Referral, stage: ReferralStage) => void;
}) {
  // Finance and viewers read the pipeline; moving a deal needs referrals:write.
  const canMove = useCan('referrals:write');
  const today = todayIsoDate();
  const stopped = stoppedClient(deal, today);
  return (
    <Card withBorder padding="sm" radius="md" data-testid="deal-card" data-deal={deal.clientCompanyName}>
      {/* The name has the card's width but the grip's corner (pipeline-drag.module.css); its actions sit by its stage. */}
      <Text fw={600} size="sm" lineClamp={2}>
        {deal.clientCompanyName}
      </Text>
      {deal.partnerCompanyName && (
        <Text size="xs" c="dimmed" truncate>
          via <PartnerPageLink id={deal.partnerId}>{deal.partnerCompanyName}</PartnerPageLink>
        </Text>
      )}
      <Group justify="space-between" mt={6} gap={4}>
        <Text size="sm" fw={500}>
          {formatMoney(deal.monthlyValue)}/mo
        </Text>
        <Text size="xs" c="dimmed">
          {SERVICE_TYPE_LABELS[deal.serviceType]}
        </Text>
      </Group>
      {(deal.conflictOf || deal.selfReferral || deal.referralSource === 'booking' || stopped) && (
        <Group gap={4} mt={4}>
          <StoppedClientBadge referral={deal} today={today} size="xs" />
          {deal.referralSource === 'booking' && (
            <Badge size="xs" variant="light" color="blue">
              Booked online
            </Badge>
          )}
          {deal.conflictOf && (
            <Badge size="xs" variant="light" color="orange">
              Conflict
            </Badge>
          )}
          {deal.selfReferral && (
            <Badge size="xs" variant="light" color="grape">
              Self-referral
            </Badge>
          )}
        </Group>
      )}
      <QualificationBadge deal={deal} />
      {deal.stage === 'lost' && deal.lostReason && (
        <Text size="xs" c="var(--mantine-color-error)" mt={4} lineClamp={2}>
          {deal.lostReason}
        </Text>
      )}
      <Group gap={4} mt="xs" wrap="nowrap">
        <StageMenu deal={deal} disabled={!canMove} onChange={(stage) => onStageChange(deal, stage)} />
        {canMove && <DealActions deal={deal} />}
      </Group>
    </Card>
  );
}

/** Why a deal was lost: optional, and read by admins only. */
function LostReasonForm({
  deal,
  onCancel,
  onConfirm,
}: {
  deal: Referral;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <ReasonForm
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(reason.trim());
      }}
      reason={{
        label: 'Lost reason',
        required: false,
        placeholder: 'e.g. Chose another provider',
        value: reason,
        onChange: (event) => setReason(event.currentTarget.value),
      }}
      onCancel={onCancel}
      pending={false}
      submitLabel="Mark as Lost"
      submitColor="red.9"
    >
      <Text size="sm">
        Why was <b>{deal.clientCompanyName}</b> lost? This is optional and visible to admins only.
      </Text>
    </ReasonForm>
  );
}

function StageColumn({
  stage,
  filters,
  onStageChange,
  draggable,
}: {
  stage: ReferralStage;
  filters: Filters;
  onStageChange: (deal: Referral, stage: ReferralStage) => void;
  draggable: boolean;
}) {
  const deals = trpc.admin.pipelineColumn.useInfiniteQuery(columnInput(stage, filters), {
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const items = deals.data?.pages.flatMap((page) => page.items) ?? [];
  const total = deals.data?.pages[0]?.total ?? 0;
  const label = REFERRAL_STAGE_LABELS[stage];
  return (
    <DroppableStage stage={stage} enabled={draggable}>
      <Paper
        bg="var(--mantine-color-default-hover)"
        p="xs"
        radius="md"
        data-testid={`pipeline-column-${stage}`}
        aria-label={`${label} deals`}
        component="section"
      >
        <Group justify="space-between" mb="xs" px={4}>
          <Text fw={700} size="sm">
            {label}
          </Text>
          {deals.data ? (
            <Badge
              color={STAGE_COLORS[stage]}
              variant="filled"
              autoContrast
              size="sm"
              aria-label={`${total} ${label} deals`}
              data-testid="pipeline-count"
            >
              {total.toLocaleString('en-US')}
            </Badge>
          ) : null}
        </Group>
        {deals.isPending ? (
          <LoadingRow label={`Loading ${label} deals`} py="md" />
        ) : deals.isError ? (
          <Text c="var(--mantine-color-error)" size="xs" px={4}>
            {errorMessage(deals.error, 'Unable to load these deals.')}
          </Text>
        ) : (
          // Mantine's scroll content is a min-width table; as a block the cards keep the column's width.
          // Side by side a long column scrolls within itself; stacked on a phone it grows with the page,
          // which scrolls instead (one scroll inside another is hard to drive with a thumb).
          <ScrollArea.Autosize
            mah={{ base: 'none', sm: 560 }}
            type="auto"
            scrollbars="y"
            // The scrollbar takes its own room when the column scrolls, instead of covering the cards' edge.
            offsetScrollbars="present"
            styles={{ content: { display: 'block', minWidth: 0 } }}
          >
            <Stack gap="xs">
              {items.length === 0 ? (
                <Text size="xs" c="dimmed" ta="center" py="md">
                  No deals
                </Text>
              ) : (
                items.map((deal) => (
                  <DraggableDeal key={deal.id} deal={deal} enabled={draggable}>
                    <DealCard deal={deal} onStageChange={onStageChange} />
                  </DraggableDeal>
                ))
              )}
              {deals.hasNextPage && (
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => void deals.fetchNextPage()}
                  loading={deals.isFetchingNextPage}
                  aria-label={`Load more ${label} deals`}
                >
                  Load more ({(total - items.length).toLocaleString('en-US')} more)
                </Button>
              )}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Paper>
    </DroppableStage>
  );
}

/** The pipeline; `draggable` (its own page) lets a deal be dragged to another stage. */
export function DealPipeline({ draggable = false }: { draggable?: boolean }) {
  const utils = trpc.useUtils();
  const canMove = useCan('referrals:write');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [partnerId, setPartnerId] = useState<string | null>(null);
  const filters: Filters = {
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
    ...(partnerId ? { partnerId } : {}),
  };
  const [losing, setLosing] = useState<Referral | null>(null);
  const [winning, setWinning] = useState<Referral | null>(null);

  const update = trpc.admin.updateReferral.useMutation({
    async onMutate(input) {
      const moving = input.stage ? findDeal(input.id) : undefined;
      if (!moving || !input.stage) return { previous: [] };
      const from = columnInput(moving.stage, filters);
      const to = columnInput(input.stage, filters);
      await Promise.all([utils.admin.pipelineColumn.cancel(from), utils.admin.pipelineColumn.cancel(to)]);
      const previous = [
        { input: from, data: utils.admin.pipelineColumn.getInfiniteData(from) },
        { input: to, data: utils.admin.pipelineColumn.getInfiniteData(to) },
      ];
      const moved = {
        ...moving,
        stage: input.stage,
        lostReason: typeof input.lostReason === 'string' ? input.lostReason : moving.lostReason,
      };
      utils.admin.pipelineColumn.setInfiniteData(from, (data) => data && withoutDeal(data, moving.id));
      utils.admin.pipelineColumn.setInfiniteData(to, (data) => data && withDeal(data, moved));
      return { previous };
    },
    onError(error, _input, context) {
      for (const { input, data } of context?.previous ?? []) utils.admin.pipelineColumn.setInfiniteData(input, data);
      notifyFailure('Stage update failed', error, 'The deal could not be moved. Please try again.');
    },
    onSuccess(saved) {
      utils.admin.pipelineColumn.setInfiniteData(
        columnInput(saved.stage, filters),
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((deal) => (deal.id === saved.id ? { ...deal, ...saved } : deal)),
            })),
          },
      );
      notifySuccess('Deal updated', `${saved.clientCompanyName} moved to ${REFERRAL_STAGE_LABELS[saved.stage]}.`);
      // The stage moves MRR, revenue and conversion: refresh what shows them.
      void afterStageChange(utils);
    },
  });

  /** The deal as the pipeline shows it now, from whichever column holds it. */
  function findDeal(id: string): Referral | undefined {
    for (const stage of REFERRAL_STAGES) {
      const found = utils.admin.pipelineColumn
        .getInfiniteData(columnInput(stage, filters))
        ?.pages.flatMap((page) => page.items)
        .find((deal) => deal.id === id);
      if (found) return found;
    }
    return undefined;
  }

  function changeStage(deal: Referral, stage: ReferralStage) {
    if (stage === 'lost') setLosing(deal);
    else if (stage === 'won') setWinning(deal);
    else update.mutate({ id: deal.id, stage });
  }

  return (
    <Paper withBorder p="md" radius="md">
      <FilteredListHeading title="Deal Pipeline" filtersWidth={420} align="flex-end">
        <SearchInput
          aria-label="Search deals"
          placeholder="Search client, email or partner"
          value={search}
          onSearch={setSearch}
          style={{ flex: '1 1 220px', maxWidth: 320 }}
        />
        <PartnerPicker
          aria-label="Filter by partner"
          placeholder="All partners"
          value={partnerId}
          onChange={setPartnerId}
          clearable
          style={{ flex: '1 1 200px', maxWidth: 280 }}
        />
      </FilteredListHeading>
      {/* Five columns side by side from small screens up (scrolling sideways when narrow); stacked on phones. */}
      <PipelineDragAndDrop enabled={draggable && canMove} onMove={changeStage}>
        <ScrollArea type="auto" scrollbars="x">
          <SimpleGrid cols={{ base: 1, sm: 5 }} spacing="sm" miw={{ base: 0, sm: 880 }}>
            {REFERRAL_STAGES.map((stage) => (
              <StageColumn
                key={stage}
                stage={stage}
                filters={filters}
                onStageChange={changeStage}
                draggable={draggable && canMove}
              />
            ))}
          </SimpleGrid>
        </ScrollArea>
      </PipelineDragAndDrop>
      <FreshItemDialog item={losing} onClose={() => setLosing(null)} title="Mark deal as lost">
        {(deal, close) => (
          <LostReasonForm
            deal={deal}
            onCancel={close}
            onConfirm={(reason) => {
              update.mutate({ id: deal.id, stage: 'lost', ...(reason ? { lostReason: reason } : {}) });
              close();
            }}
          />
        )}
      </FreshItemDialog>
      <WonDialog
        deal={winning}
        onCancel={() => setWinning(null)}
        onConfirm={(values) => {
          if (winning)
            update.mutate({
              id: winning.id,
              stage: 'won',
              signedAt: values.signedAt,
              annualSales: values.annualSales || null,
            });
          setWinning(null);
        }}
      />
    </Paper>
  );
}
