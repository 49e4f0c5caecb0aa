// Dragging a deal between the stage columns of the full-page pipeline (@dnd-kit/core). A card is
// picked up with the pointer (mouse, pen or touch) anywhere on it, after it moves 6 px so its link and
// stage menu still take clicks, and dropped on another column; a screen reader hears each step. From
// the keyboard, the card's grip moves the deal a stage at a time with the arrow keys (right or down to
// the next stage, left or up to the previous one). Either makes the same move as the stage menu (Lost
// still asks why).

import {
  DndContext,
  DragOverlay,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { ActionIcon, Card, Text } from '@mantine/core';
import {
  formatMoney,
  REFERRAL_STAGE_LABELS,
  REFERRAL_STAGES,
  type Referral,
  type ReferralStage,
} from '@portal/contracts';
import { IconGripVertical } from '@tabler/icons-react';
import { createContext, useContext, useState, type PointerEventHandler, type ReactNode } from 'react';
import classes from './pipeline-drag.module.css';

const isStage = (value: unknown): value is ReferralStage => REFERRAL_STAGES.some((stage) => stage === value);
const dealOf = (data: { current?: Record<string, unknown> | undefined } | undefined) =>
  data?.current?.deal as Referral | undefined;
const stageName = (id: unknown) => (isStage(id) ? REFERRAL_STAGE_LABELS[id] : 'no stage');

const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${dealOf(active.data)?.clientCompanyName ?? 'the deal'}.`,
  onDragOver: ({ active, over }) =>
    `${dealOf(active.data)?.clientCompanyName ?? 'The deal'} is over ${over ? stageName(over.id) : 'no stage'}.`,
  onDragEnd: ({ active, over }) =>
    over
      ? `${dealOf(active.data)?.clientCompanyName ?? 'The deal'} was dropped on ${stageName(over.id)}.`
      : `${dealOf(active.data)?.clientCompanyName ?? 'The deal'} was put back.`,
  onDragCancel: ({ active }) => `Moving ${dealOf(active.data)?.clientCompanyName ?? 'the deal'} was cancelled.`,
};

const instructions = {
  draggable: 'The arrow keys move the deal to the next or previous stage.',
};

/** A stage away from `stage`: +1 the next one, -1 the previous one; undefined past either end. */
const stageAfter = (stage: ReferralStage, step: number) =>
  REFERRAL_STAGES[REFERRAL_STAGES.findIndex((candidate) => candidate === stage) + step];
const STEP_OF_KEY: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

const MoveDeal = createContext<(deal: Referral, stage: ReferralStage) => void>(() => undefined);

/** The drag context of the five columns; `onMove` gets a deal dropped on another stage. */
export function PipelineDragAndDrop({
  enabled,
  onMove,
  children,
}: {
  enabled: boolean;
  onMove: (deal: Referral, stage: ReferralStage) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const [moving, setMoving] = useState<Referral | null>(null);
  if (!enabled) return <>{children}</>;

  function end(event: DragEndEvent) {
    setMoving(null);
    const deal = dealOf(event.active.data);
    const stage = event.over?.id;
    if (deal && isStage(stage) && stage !== deal.stage) onMove(deal, stage);
  }

  return (
    <DndContext
      sensors={sensors}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
      onDragStart={(event: DragStartEvent) => setMoving(dealOf(event.active.data) ?? null)}
      onDragEnd={end}
      onDragCancel={() => setMoving(null)}
    >
      <MoveDeal.Provider value={onMove}>{children}</MoveDeal.Provider>
      <DragOverlay dropAnimation={null}>{moving ? <MovingDeal deal={moving} /> : null}</DragOverlay>
    </DndContext>
  );
}

/** What follows the pointer while a deal moves. */
function MovingDeal({ deal }: { deal: Referral }) {
  return (
    <Card withBorder shadow="md" padding="sm" radius="md" className={classes.overlay}>
      <Text fw={600} size="sm" lineClamp={2}>
        {deal.clientCompanyName}
      </Text>
      {deal.partnerCompanyName && (
        <Text size="xs" c="dimmed" truncate>
          via {deal.partnerCompanyName}
        </Text>
      )}
      <Text size="sm" fw={500} mt={6}>
        {formatMoney(deal.monthlyValue)}/mo
      </Text>
    </Card>
  );
}

/** A stage column as a drop target; it is outlined while a deal is over it. */
export function DroppableStage({
  stage,
  enabled,
  children,
}: {
  stage: ReferralStage;
  enabled: boolean;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: stage, disabled: !enabled });
  if (!enabled) return <>{children}</>;
  return (
    <div ref={setNodeRef} className={classes.column} data-over={isOver || undefined}>
      {children}
    </div>
  );
}

/** A deal card that can be picked up: by the pointer anywhere on it, by the keyboard on its grip. */
export function DraggableDeal({ deal, enabled, children }: { deal: Referral; enabled: boolean; children: ReactNode }) {
  const move = useContext(MoveDeal);
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: deal.id,
    data: { deal },
    disabled: !enabled,
  });
  if (!enabled) return <>{children}</>;
  return (
    <div
      ref={setNodeRef}
      className={classes.deal}
      data-dragging={isDragging || undefined}
      onPointerDown={listeners?.onPointerDown as PointerEventHandler | undefined}
    >
      {children}
      <ActionIcon
        ref={setActivatorNodeRef}
        {...attributes}
        onKeyDown={(event) => {
          const step = STEP_OF_KEY[event.key];
          const stage = step ? stageAfter(deal.stage, step) : undefined;
          if (!stage) return;
          event.preventDefault();
          move(deal, stage);
        }}
        aria-roledescription="draggable deal"
        aria-label={`Move ${deal.clientCompanyName} to another stage`}
        variant="subtle"
        color="gray"
        size="sm"
        className={classes.grip}
        data-testid="deal-grip"
      >
        <IconGripVertical size={14} aria-hidden />
      </ActionIcon>
    </div>
  );
}
