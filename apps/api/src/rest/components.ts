// The money input of the OpenAPI document. The named answer schemas are registered with their ids in
// packages/contracts/src/schema-names.ts.

import { z } from 'zod';

/** What a money input accepts (`toCents`): a decimal string with at most two places, or such a number. */
export const MONEY_INPUT_SCHEMA = {
  title: 'MoneyInput',
  description:
    'An amount in US dollars (USD): a decimal string with at most two places ("1234.5", "1234.50", "-75") or a number with at most two decimals; answers give it back as Money ("1234.50"). A malformed amount is a 400 whose message says what the field takes.',
  anyOf: [{ type: 'string', pattern: '^\\s*-?\\d{1,12}(\\.\\d{1,2})?\\s*$' }, { type: 'number' }],
  examples: ['1234.50'],
  'x-currency': 'USD',
};

/** `z.toJSONSchema` override: every money input (see `moneyInput`) becomes a reference to `MoneyInput`. */
export function moneyInputOverride(ctx: { zodSchema: unknown; jsonSchema: Record<string, unknown> }): void {
  const meta = z.globalRegistry.get(ctx.zodSchema as z.ZodType) as { moneyInput?: boolean } | undefined;
  if (!meta?.moneyInput) return;
  for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
  ctx.jsonSchema.$ref = '#/components/schemas/MoneyInput';
}
