// A key's scopes or a webhook's events: names as they are spelled in the API, one badge each; and the
// required choice of them when a key or a webhook is made, a checkbox each.

import { Badge, Checkbox, Group, SimpleGrid, type CheckboxGroupProps } from '@mantine/core';

export function NameBadges({ names }: { names: readonly string[] }) {
  return (
    <Group gap={4}>
      {names.map((name) => (
        <Badge key={name} variant="light" size="sm" tt="none">
          {name}
        </Badge>
      ))}
    </Group>
  );
}

/** The names to choose from, a checkbox each (its words, and the name under them where they differ), two columns from small screens up. */
export function NameCheckboxes({
  choices,
  ...group
}: Omit<CheckboxGroupProps, 'children'> & {
  choices: readonly { value: string; label: string; description?: string }[];
}) {
  return (
    <Checkbox.Group required {...group}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt="xs">
        {choices.map((choice) => (
          <Checkbox key={choice.value} {...choice} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
