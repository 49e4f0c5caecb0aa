// A month field ("YYYY-MM" in and out) that reads as a month: "November 2026", or its placeholder
// while empty, and a month grid to pick from. The browser's own month input shows "--------- ----"
// when empty and looks different in every browser; this one looks like the other Mantine fields.

import { MonthPickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import type { MantineStyleProp, StyleProp, MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';

export interface MonthInputProps {
  label: ReactNode;
  /** "YYYY-MM", or '' when no month is chosen. */
  value: string;
  onChange: (month: string) => void;
  placeholder?: string;
  /** The latest month that can be picked ("YYYY-MM"). */
  max?: string;
  required?: boolean;
  clearable?: boolean;
  error?: ReactNode;
  description?: ReactNode;
  w?: StyleProp<React.CSSProperties['width']>;
  size?: MantineSize;
  style?: MantineStyleProp;
}

const firstDay = (month: string) => (month ? `${month}-01` : null);

export function MonthInput({
  value,
  onChange,
  max,
  placeholder = 'Pick a month',
  clearable,
  ...rest
}: MonthInputProps) {
  return (
    <MonthPickerInput
      {...rest}
      value={firstDay(value)}
      onChange={(date) => onChange(date ? date.slice(0, 7) : '')}
      maxDate={max ? `${max}-01` : undefined}
      placeholder={placeholder}
      valueFormat="MMMM YYYY"
      clearable={clearable}
      popoverProps={{ withinPortal: true }}
      // The placeholder is text here, not an input's ::placeholder: the dimmed colour keeps it at 4.5:1.
      styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
    />
  );
}
