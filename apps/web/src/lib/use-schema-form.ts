// A form checked by the contracts schema the server applies to the same input, so a field shows the
// words the server would answer with, before anything is sent.

import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';

type Schema = Parameters<typeof schemaResolver>[0];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the constraint of Mantine's useForm
export function useSchemaForm<Values extends Record<string, any>>(
  schema: Schema,
  initialValues: Values,
): UseFormReturnType<Values> {
  return useForm<Values>({ mode: 'controlled', initialValues, validate: schemaResolver(schema, { sync: true }) });
}
