// One service offer of the referral landing page: selectable, with its features and a link that
// schedules a consultation for it (a disabled button without a scheduling address).

import { Badge, Box, Button, Card, Group, List, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCalendarEvent, IconCheck, IconStarFilled } from '@tabler/icons-react';
import type { ServiceOffer } from './landing-copy';
import { CardHeading } from '../../components/card-heading';

/** How a schedule button opens the scheduling service: a new tab, without a handle back to this page. */
export const SCHEDULE_LINK_PROPS = { target: '_blank', rel: 'noopener noreferrer' } as const;

export function ServiceCard({
  offer,
  selected,
  onSelect,
  scheduleHref,
  onSchedule,
}: {
  offer: ServiceOffer;
  selected: boolean;
  onSelect: () => void;
  /** The scheduling address for this service; undefined disables the button. */
  scheduleHref: string | undefined;
  /** Called when the link is followed (it opens the address itself). */
  onSchedule: () => void;
}) {
  const Icon = offer.icon;
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      data-testid={`service-${offer.id}`}
      data-selected={selected}
      style={{
        // Only the chosen card looks chosen: "Most Popular" is the badge alone.
        borderWidth: 2,
        borderColor: selected ? 'var(--mantine-color-blue-6)' : undefined,
        boxShadow: selected ? '0 0 0 3px var(--mantine-color-blue-1)' : undefined,
        position: 'relative',
        overflow: 'visible',
      }}
    >
      {offer.popular && (
        <Badge
          leftSection={<IconStarFilled size={12} aria-hidden />}
          color="blue.8"
          variant="filled"
          style={{ position: 'absolute', top: -12, right: 16 }}
        >
          Most Popular
        </Badge>
      )}
      <UnstyledButton
        onClick={onSelect}
        aria-pressed={selected}
        data-testid={`select-${offer.id}`}
        style={{ display: 'block', width: '100%', textAlign: 'left' }}
      >
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
            <Icon size={24} />
          </ThemeIcon>
          <CardHeading
            order={3}
            size="h4"
            title={offer.name}
            description={
              <>
                Starting at{' '}
                <Text span fw={700} c="var(--mantine-color-text)" fz="lg">
                  {offer.price}
                </Text>
                /month
              </>
            }
          />
        </Group>
        <Text size="sm" mt="md">
          {offer.summary}
        </Text>
        <List
          mt="sm"
          spacing={6}
          size="sm"
          icon={
            <ThemeIcon size={18} radius="xl" color="teal" variant="light" aria-hidden>
              <IconCheck size={12} />
            </ThemeIcon>
          }
        >
          {offer.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
      </UnstyledButton>
      {/* The button sits at the card's foot, level with the other offer's beside it, however long each list is. */}
      <Box mt="auto" pt="lg">
        {scheduleHref ? (
          <Button
            component="a"
            href={scheduleHref}
            {...SCHEDULE_LINK_PROPS}
            onClick={onSchedule}
            fullWidth
            color="blue.8"
            variant={selected ? 'filled' : 'default'}
            leftSection={<IconCalendarEvent size={18} aria-hidden />}
          >
            Schedule Consultation
          </Button>
        ) : (
          <Button
            fullWidth
            color="blue.8"
            variant={selected ? 'filled' : 'default'}
            leftSection={<IconCalendarEvent size={18} aria-hidden />}
            disabled
          >
            Schedule Consultation
          </Button>
        )}
      </Box>
    </Card>
  );
}
