// A key's scopes or a webhook's events: names as they are spelled in the API, one badge each.

import { Badge, Group } from '@mantine/core';

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
