// The wire-transfer fields the partner application and the partner's payment method share: their empty
// values and the number fields that keep only the digits they may hold (a
// pasted "021-000-021" loses its dashes).

import type { UseFormReturnType } from '@mantine/form';
import { filterAccountNumber, filterRoutingNumber, type BankAccountType } from '@portal/contracts';

export interface BankFields {
  bankName: string;
  bankRoutingNumber: string;
  bankAccountNumber: string;
  bankAccountType: BankAccountType;
  bankAccountHolderName: string;
  bankAddress: string;
  beneficiaryAddress: string;
}

export const EMPTY_BANK_FIELDS: BankFields = {
  bankName: '',
  bankRoutingNumber: '',
  bankAccountNumber: '',
  bankAccountType: 'checking',
  bankAccountHolderName: '',
  bankAddress: '',
  beneficiaryAddress: '',
};

const NUMBER_FILTERS = { bankRoutingNumber: filterRoutingNumber, bankAccountNumber: filterAccountNumber };

/** A bank number field's props: the form's, with what is typed or pasted filtered to the digits it may hold. */
export function bankNumberProps<V extends BankFields>(form: UseFormReturnType<V>, field: keyof typeof NUMBER_FILTERS) {
  return {
    ...form.getInputProps(field),
    onChange: (event: { currentTarget: { value: string } }) =>
      // Mantine types a path's value only for a known form, not for any V with these fields.
      (form.setFieldValue as (path: string, value: string) => void)(
        field,
        NUMBER_FILTERS[field](event.currentTarget.value),
      ),
  };
}
