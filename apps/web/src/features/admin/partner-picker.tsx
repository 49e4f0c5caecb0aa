// A partner chosen by searching the server as one types (any of thousands of partners), for the
// Payout Processor's filter and the adjustment dialog. Shows company names; the value is the id.

import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';

export interface PartnerOption {
  id: string;
  companyName: string;
}

export function PartnerPicker({
  value,
  onChange,
  statuses,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: PartnerOption | null;
  onChange: (partner: PartnerOption | null) => void;
  /** Only partners in one of these statuses (all when absent); filtered on the page after the server search. */
  statuses?: readonly string[];
}) {
  const [search, setSearch] = useState(value?.companyName ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // While the box shows the chosen name, list around it; otherwise search what was typed.
  const query = value && debounced === value.companyName ? '' : debounced;
  const partners = trpc.admin.partners.useQuery({ search: query || undefined, limit: 20, sort: 'companyName' }, { placeholderData: (previous) => previous });
  const found = (partners.data?.items ?? []).filter((partner) => !statuses || statuses.includes(partner.status));
  const options = [...(value && !found.some((p) => p.id === value.id) ? [value] : []), ...found].map((partner) => ({ value: partner.id, label: partner.companyName }));

  return (
    <Select
      searchable
      clearable
      nothingFoundMessage={partners.isFetching ? 'Searching...' : 'No partner matches'}
      comboboxProps={{ withinPortal: true }}
      {...props}
      data={options}
      value={value?.id ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has searched already; the box shows its answer as it is.
      filter={({ options: all }) => all}
      onChange={(id, option) => onChange(id ? { id, companyName: option?.label ?? '' } : null)}
    />
  );
}
