// An enumeration and the words a screen shows for each value, written once as [value, label] pairs.
// Zod-free, so the plain entry's lists use it too; a schema reads the values with `z.enum(values)`.

type Pair = readonly [value: string, label: string];

/**
 * The values in the pairs' order, as a readonly tuple (what `z.enum` and the selects read, and what a
 * value's error message lists), and the label of each value.
 */
export function labelledEnum<const Pairs extends readonly [Pair, ...Pair[]]>(pairs: Pairs) {
  const values = pairs.map(([value]) => value) as unknown as { readonly [I in keyof Pairs]: Pairs[I][0] };
  const labels = Object.fromEntries(pairs) as Record<Pairs[number][0], string>;
  return { values, labels };
}

/** The message of a value outside an enumeration: "<field> must be one of a, b, c", the values in their order. */
export const oneOfMessage = (field: string, values: readonly string[]) =>
  `${field} must be one of ${values.join(', ')}`;
