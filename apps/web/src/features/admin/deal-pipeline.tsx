// Deal Pipeline (spec §2): five stage columns; each deal's stage selector saves to the server.
// The move shows at once (optimistic cache update) and is undone with a toast if the server refuses.

import { Badge, Button, Card, Group, Modal, Paper, ScrollArea, Select, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { formatMoney, MAX_PAGE_SIZE, REFERRAL_STAGE_LABELS, REFERRAL_STAGES, SERVICE_TYPE_LABELS, type Referral, type ReferralStage } from '@portal/contracts';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { afterStageChange } from '../../lib/invalidate';
import { trpc, type RouterInputs } from '../../lib/trpc';
import { STAGE_COLORS } from '../partner/referrals-tab';
import { LoadingRow } from '../../layout/loading-row';

/** The pipeline shows the newest deals the list answers in one page. */
export const PIPELINE_QUERY: RouterInputs['admin']['referrals'] = { limit: MAX_PAGE_SIZE, offset: 0, sort: '-createdAt' };

const stageOptions = REFERRAL_STAGES.map((value) => ({ value, label: REFERRAL_STAGE_LABELS[value] }));

function DealCard({ deal, onStageChange }: { deal: Referral; onStageChange: (deal: Referral, stage: ReferralStage) => void }) {
  return (
    <Card withBorder padding="sm" radius="md" data-testid="deal-card" data-deal={deal.clientCompanyName}>
      <Text fw={600} size="sm" lineClamp={2}>
        {deal.clientCompanyName}
      </Text>
      {deal.partnerCompanyName && (
        <Text size="xs" c="dimmed" truncate>
          via {deal.partnerCompanyName}
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
      {deal.stage === 'lost' && deal.lostReason && (
        <Text size="xs" c="var(--mantine-color-error)" mt={4} lineClamp={2}>
          {deal.lostReason}
        </Text>
      )}
      <Select
        mt="xs"
        size="xs"
        aria-label={`Stage of ${deal.clientCompanyName}`}
        data={stageOptions}
        value={deal.stage}
        allowDeselect={false}
        onChange={(value) => {
          if (value && value !== deal.stage) onStageChange(deal, value);
        }}
      />
    </Card>
  );
}

function LostReasonModal({ deal, onCancel, onConfirm }: { deal: Referral | null; onCancel: () => void; onConfirm: (reason: string) => void }) {
  const [reason, setReason] = useState('');
  return (
    <Modal
      opened={deal !== null}
      onClose={() => {
        setReason('');
        onCancel();
      }}
      title="Mark deal as lost"
    >
      <Stack gap="sm">
        <Text size="sm">
          Why was <b>{deal?.clientCompanyName}</b> lost? This is optional and visible to admins only.
        </Text>
        <Textarea label="Lost reason" placeholder="e.g. Chose another provider" autosize minRows={2} maxLength={1000} value={reason} onChange={(event) => setReason(event.currentTarget.value)} data-autofocus />
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              setReason('');
              onCancel();
            }}
          >
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              onConfirm(reason.trim());
              setReason('');
            }}
          >
            Mark as Lost
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function DealPipeline() {
  const utils = trpc.useUtils();
  const deals = trpc.admin.referrals.useQuery(PIPELINE_QUERY);
  const [losing, setLosing] = useState<Referral | null>(null);
  const update = trpc.admin.updateReferral.useMutation({
    async onMutate(input) {
      await utils.admin.referrals.cancel(PIPELINE_QUERY);
      const previous = utils.admin.referrals.getData(PIPELINE_QUERY);
      utils.admin.referrals.setData(PIPELINE_QUERY, (page) =>
        page && { ...page, items: page.items.map((deal) => (deal.id === input.id && input.stage ? { ...deal, stage: input.stage, lostReason: typeof input.lostReason === 'string' ? input.lostReason : deal.lostReason } : deal)) },
      );
      return { previous };
    },
    onError(error, _input, context) {
      if (context?.previous) utils.admin.referrals.setData(PIPELINE_QUERY, context.previous);
      notifyError('Stage update failed', errorMessage(error, 'The deal could not be moved. Please try again.'));
    },
    onSuccess(saved) {
      utils.admin.referrals.setData(PIPELINE_QUERY, (page) => page && { ...page, items: page.items.map((deal) => (deal.id === saved.id ? { ...deal, ...saved } : deal)) });
      notifySuccess('Deal updated', `${saved.clientCompanyName} moved to ${REFERRAL_STAGE_LABELS[saved.stage]}.`);
      // The stage moves MRR, revenue and conversion: refresh what shows them.
      void afterStageChange(utils);
    },
  });

  function changeStage(deal: Referral, stage: ReferralStage) {
    if (stage === 'lost') setLosing(deal);
    else update.mutate({ id: deal.id, stage });
  }

  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          Deal Pipeline
        </Title>
        {deals.data && deals.data.total > deals.data.items.length && (
          <Text size="xs" c="dimmed">
            Showing the newest {deals.data.items.length} of {deals.data.total} deals
          </Text>
        )}
      </Group>
      {deals.isPending ? (
        <LoadingRow label="Loading deals" py="xl" />
      ) : deals.isError ? (
        <Text c="red">{errorMessage(deals.error, 'Unable to load the deal pipeline.')}</Text>
      ) : (
        // Five columns side by side from small screens up (scrolling sideways when narrow); stacked on phones.
        <ScrollArea type="auto" scrollbars="x">
          <SimpleGrid cols={{ base: 1, sm: 5 }} spacing="sm" miw={{ base: 0, sm: 880 }}>
            {REFERRAL_STAGES.map((stage) => {
              const column = deals.data.items.filter((deal) => deal.stage === stage);
              return (
                <Paper key={stage} bg="var(--mantine-color-default-hover)" p="xs" radius="md" data-testid={`pipeline-column-${stage}`} aria-label={`${REFERRAL_STAGE_LABELS[stage]} deals`} component="section">
                  <Group justify="space-between" mb="xs" px={4}>
                    <Text fw={700} size="sm">
                      {REFERRAL_STAGE_LABELS[stage]}
                    </Text>
                    <Badge color={STAGE_COLORS[stage]} variant="filled" autoContrast size="sm">
                      {column.length}
                    </Badge>
                  </Group>
                  {/* Mantine's scroll content is a min-width table; as a block the cards keep the column's width. */}
                  <ScrollArea.Autosize mah={560} type="auto" scrollbars="y" styles={{ content: { display: 'block', minWidth: 0 } }}>
                    <Stack gap="xs">
                      {column.length === 0 ? (
                        <Text size="xs" c="dimmed" ta="center" py="md">
                          No deals
                        </Text>
                      ) : (
                        column.map((deal) => <DealCard key={deal.id} deal={deal} onStageChange={changeStage} />)
                      )}
                    </Stack>
                  </ScrollArea.Autosize>
                </Paper>
              );
            })}
          </SimpleGrid>
        </ScrollArea>
      )}
      <LostReasonModal
        deal={losing}
        onCancel={() => setLosing(null)}
        onConfirm={(reason) => {
          if (losing) update.mutate({ id: losing.id, stage: 'lost', ...(reason ? { lostReason: reason } : {}) });
          setLosing(null);
        }}
      />
    </Paper>
  );
}
