// The referred client's fields that a partner's new referral and an admin's new client share: how to
// reach the client, the service, its monthly value and the consultation day.

import { Select, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ServiceType } from '@portal/contracts';

export interface ClientFieldValues {
  clientEmail: string;
  clientPhone: string;
  serviceType: string;
  monthlyValue: string;
  consultationDate: string;
}

/** The fields of a new client: all empty, Basic Accounting chosen. */
export const EMPTY_CLIENT_FIELDS: ClientFieldValues & { serviceType: ServiceType } = {
  clientEmail: '',
  clientPhone: '',
  serviceType: 'basic_accounting',
  monthlyValue: '',
  consultationDate: '',
};

export function ClientFields({
  inputProps,
  serviceOptions,
  serviceRequired = false,
  examples = false,
}: {
  /** The form's props of a field (`form.getInputProps`). */
  inputProps: (field: keyof ClientFieldValues) => GetInputPropsReturnType;
  serviceOptions: { value: string; label: string }[];
  serviceRequired?: boolean;
  /** Example values as placeholders, for a partner filling the form in. */
  examples?: boolean;
}) {
  return (
    <>
      <TextInput
        label="Client Email"
        type="email"
        placeholder={examples ? 'owner@acmestore.com' : undefined}
        {...inputProps('clientEmail')}
      />
      <TextInput
        label="Client Phone"
        type="tel"
        placeholder={examples ? '(555) 123-4567' : undefined}
        {...inputProps('clientPhone')}
      />
      <Select
        label="Service Type"
        required={serviceRequired}
        data={serviceOptions}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        {...inputProps('serviceType')}
      />
      <TextInput
        label="Monthly Value ($)"
        required
        inputMode="decimal"
        placeholder={examples ? '2500' : undefined}
        {...inputProps('monthlyValue')}
      />
      <TextInput label="Consultation Date" type="date" {...inputProps('consultationDate')} />
    </>
  );
}
