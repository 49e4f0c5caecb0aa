import { Group, Text, ThemeIcon } from '@mantine/core';
import { PRODUCT_NAME } from '@portal/contracts/plain';
import { IconBuildingBank } from '@tabler/icons-react';

/** The bank icon and "{PRODUCT_NAME} Partners" at the top of the public pages. */
export function ProductMark() {
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size="lg" radius="md" variant="filled" aria-hidden>
        <IconBuildingBank size={20} />
      </ThemeIcon>
      <Text fw={700} size="lg">
        {PRODUCT_NAME} Partners
      </Text>
    </Group>
  );
}
