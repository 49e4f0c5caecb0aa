// A list's filter: "All …" (the empty value, no filter) or one of its choices.

import { Select, type SelectProps } from '@mantine/core';

export function FilterSelect<V extends string>({
  all,
  choices,
  value,
  onFilter,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  /** The words of no filter ('All statuses'). */
  all: string;
  choices: readonly { value: V; label: string }[];
  value: V | '';
  onFilter: (value: V | '') => void;
}) {
  return (
    <Select
      data={[{ value: '', label: all }, ...choices]}
      value={value}
      onChange={(next) => onFilter((next ?? '') as V | '')}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
