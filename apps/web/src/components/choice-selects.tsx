// The selects the partner application, the admin's Create Partner, the partner's profile and their payment
// method share: each a required choice from a contracts list, with no empty choice to fall back to.

import { Select, type SelectProps } from '@mantine/core';
import { BANK_ACCOUNT_TYPE_LABELS, BANK_ACCOUNT_TYPES, COMPANY_TYPE_LABELS, COMPANY_TYPES } from '@portal/contracts';
import { optionsOf } from '../lib/select-options';

type ChoiceSelectProps = Omit<SelectProps, 'label' | 'data'>;

const COMPANY_TYPE_OPTIONS = optionsOf(COMPANY_TYPES, COMPANY_TYPE_LABELS);
const ACCOUNT_TYPE_OPTIONS = optionsOf(BANK_ACCOUNT_TYPES, BANK_ACCOUNT_TYPE_LABELS);

export function CompanyTypeSelect(props: ChoiceSelectProps) {
  return <Select label="Company Type" withAsterisk data={COMPANY_TYPE_OPTIONS} allowDeselect={false} {...props} />;
}

/** A wire or ACH account's type (checking or savings). */
export function AccountTypeSelect(props: ChoiceSelectProps) {
  return <Select label="Account Type" withAsterisk data={ACCOUNT_TYPE_OPTIONS} allowDeselect={false} {...props} />;
}
