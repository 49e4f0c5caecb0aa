// The choices of a select or a segmented control: each value of a contracts list with its label, in the
// list's order.

import { COMPANY_TYPE_LABELS, COMPANY_TYPES } from '@portal/contracts';

/** Each of `values` with its label from `labels`, as Mantine's Select and SegmentedControl take them. */
export function optionsOf<V extends string>(values: readonly V[], labels: Readonly<Record<V, string>>) {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** A partner's company types: the registration form, the admin's Create Partner and the partner's profile. */
export const COMPANY_TYPE_OPTIONS = optionsOf(COMPANY_TYPES, COMPANY_TYPE_LABELS);
