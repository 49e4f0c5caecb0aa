// A list's search box: a magnifier before the words typed, handed on as text.

import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

export function SearchInput({
  onSearch,
  ...props
}: Omit<TextInputProps, 'onChange' | 'leftSection'> & { onSearch: (text: string) => void }) {
  return (
    <TextInput
      leftSection={<IconSearch size={16} />}
      onChange={(event) => onSearch(event.currentTarget.value)}
      {...props}
    />
  );
}
