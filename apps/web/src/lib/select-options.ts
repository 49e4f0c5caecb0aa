// The choices of a select or a segmented control: each value of a contracts list with its label, in the
// list's order.

/** Each of `values` with its label from `labels`, as Mantine's Select and SegmentedControl take them. */
export function optionsOf<V extends string>(values: readonly V[], labels: Readonly<Record<V, string>>) {
  return values.map((value) => ({ value, label: labels[value] }));
}
