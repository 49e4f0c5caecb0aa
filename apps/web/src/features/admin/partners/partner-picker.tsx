// A partner chosen by typing: the server searches every partner as the admin types
// (debounced), so any of thousands can be picked; the list shows the first matches by name. Used by
// Add New Client, the pipeline's and the Payout Processor's filters and the adjustment dialog.

import { Loader, Select, type ComboboxItem, type ComboboxParsedItem, type SelectProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import type { PartnerStatus } from '@portal/contracts/plain';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { trpc } from '../../../lib/trpc';

/** Matches shown at once; typing more narrows them. */
export const PARTNER_PICKER_LIMIT = 20;

/** The server has filtered already; the select shows what it answered. */
const answeredOptions = ({ options }: { options: ComboboxItem[] | ComboboxParsedItem[] }) => options;

/** A chosen partner as the screens keep it: the id, and the name the box shows. */
export interface PartnerOption {
  id: string;
  companyName: string;
}

/** The picker's props for a form's `partnerId` (its error; no choice while it is empty), which it sets to the picked id. */
export function partnerIdProps<V extends { partnerId: string }>(form: UseFormReturnType<V>) {
  return {
    ...form.getInputProps('partnerId'),
    value: form.values.partnerId || null,
    onChange: (id: string | null) =>
      // Mantine types a path's value only for a known form, not for any V with this field.
      (form.setFieldValue as (path: string, value: string) => void)('partnerId', id ?? ''),
  };
}

type PickerProps = Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'
> & {
  value: string | null;
  onChange: (id: string | null, partner: PartnerOption | null) => void;
  /** Only partners in this status, filtered by the server (Add New Client: active). */
  status?: PartnerStatus;
  /** Only partners in one of these statuses, filtered among the server's matches (adjustments: active or suspended). */
  statuses?: readonly PartnerStatus[];
  /** The partner chosen before the picker opened (a preset filter), so its name shows at once. */
  initial?: PartnerOption | null;
};

export function PartnerPicker({ value, onChange, status, statuses, initial = null, ...props }: PickerProps) {
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(
    initial ? { value: initial.id, label: initial.companyName } : null,
  );
  const [search, setSearch] = useState(chosen?.label ?? '');
  // Once a partner is chosen the box shows its name; that text is not a new search.
  const typed = chosen && search === chosen.label ? '' : search.trim();
  const [query] = useDebouncedValue(typed, 250);
  const partners = trpc.admin.partners.useQuery(
    {
      sort: 'companyName',
      limit: PARTNER_PICKER_LIMIT,
      ...(query ? { search: query } : {}),
      ...(status ? { status } : {}),
    },
    { placeholderData: keepPreviousData },
  );
  // Stable between renders: the select recomputes its options only when the answer or the choice changes.
  const data = useMemo(() => {
    const found = (partners.data?.items ?? [])
      .filter((partner) => !statuses || statuses.includes(partner.status))
      .map((partner) => ({ value: partner.id, label: partner.companyName }));
    return chosen && value === chosen.value && !found.some((option) => option.value === chosen.value)
      ? [chosen, ...found]
      : found;
  }, [partners.data, chosen, value, statuses]);
  const more =
    partners.data && partners.data.total > partners.data.items.length
      ? partners.data.total - partners.data.items.length
      : 0;

  return (
    <Select
      // "All partners" reads as the filter's state, like the month field's "Any month" beside it: the dimmed
      // colour keeps it at 4.5:1, where Mantine's placeholder grey (2.1:1) makes the field look disabled.
      styles={{ input: { '--input-placeholder-color': 'var(--mantine-color-dimmed)' } }}
      {...props}
      searchable
      value={value}
      data={data}
      filter={answeredOptions}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id, option) => {
        setChosen(id ? { value: id, label: option?.label ?? '' } : null);
        onChange(id, id ? { id, companyName: option?.label ?? '' } : null);
      }}
      rightSection={
        partners.isFetching ? <Loader size={14} role="status" aria-label="Searching partners" /> : undefined
      }
      nothingFoundMessage={partners.isFetching ? 'Searching…' : 'No partner matches'}
      description={
        props.description ??
        (more > 0 && !value ? `Type to search ${partners.data?.total.toLocaleString('en-US')} partners` : undefined)
      }
      comboboxProps={{ withinPortal: true, ...props.comboboxProps }}
      maxDropdownHeight={280}
    />
  );
}
