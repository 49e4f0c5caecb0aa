// "Payment method": how payouts reach the partner, by wire, ACH or PayPal (ACH and PayPal once the
// partnership is active), confirmed with the current password. The numbers and the PayPal email
// come back only masked; the partner and the admins get a mail.

import {
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useSchemaForm } from '../../lib/use-schema-form';
import {
  MESSAGES,
  PAYEE_TYPE_LABELS,
  PAYEE_TYPES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_MESSAGES,
  PAYMENT_METHODS,
  updatePaymentMethodInput,
  WIRE_BANK_FIELDS,
  type PartnerProfile,
  type PayeeType,
  type PaymentMethod,
} from '@portal/contracts';
import { IconBuildingBank, IconWallet } from '@tabler/icons-react';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { StackedForm } from '../../layout/form-actions';
import { EMPTY_BANK_FIELDS, bankNumberProps, type BankFields } from '../../lib/bank-fields';
import { errorMessage } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { optionsOf } from '../../lib/select-options';
import { AccountTypeSelect } from '../../components/choice-selects';
import { AccountNumberInput } from '../../components/account-number-input';
import { CurrentPasswordInput } from '../../components/current-password-input';

const payeeTypeOptions = optionsOf(PAYEE_TYPES, PAYEE_TYPE_LABELS);

/** Every field of the three methods; the schema keeps those of the chosen one. */
interface PaymentMethodForm extends BankFields {
  paymentMethod: PaymentMethod;
  payeeType: PayeeType;
  paypalEmail: string;
  currentPassword: string;
}

const emptyForm = (method: PaymentMethod, payeeType: PayeeType): PaymentMethodForm => ({
  paymentMethod: method,
  ...EMPTY_BANK_FIELDS,
  payeeType,
  paypalEmail: '',
  currentPassword: '',
});

/** "Wire Transfer to First Bank, account •••• 6789", as the card's summary says it. */
/** How the partner is paid, in one phrase per method: "Wire Transfer to First Cascade Bank, account •••• 7788". */
export function paymentSummary(partner: PartnerProfile): string {
  if (partner.paymentMethod === 'PayPal')
    return partner.paypalEmailMasked ? `PayPal to ${partner.paypalEmailMasked}` : 'PayPal, no email on file.';
  if (!partner.bankAccountNumberMasked) return 'No bank account on file.';
  const bank = partner.bankName ? `${partner.bankName}, account` : 'account';
  return `${PAYMENT_METHOD_LABELS[partner.paymentMethod]} to ${bank} ${partner.bankAccountNumberMasked}`;
}

/** The address hash that names this card (`/dashboard?tab=settings#payment-method`): a link there brings it into view. */
export const PAYMENT_METHOD_ANCHOR = 'payment-method';

/**
 * Brings the card into view and its heading into focus when the address names the card, so a link from
 * far away (a failed commission's "Check your payment details") lands on it, also on a phone where it
 * sits far down the Settings tab.
 */
function useRevealWhenNamed(heading: RefObject<HTMLHeadingElement | null>) {
  const hash = useLocation({ select: (location) => location.hash });
  useEffect(() => {
    if (hash !== PAYMENT_METHOD_ANCHOR || !heading.current) return;
    heading.current.scrollIntoView({ block: 'start' });
    heading.current.focus({ preventScroll: true });
  }, [hash, heading]);
}

export function UpdateBankDetailsCard({ partner }: { partner: PartnerProfile }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useRevealWhenNamed(heading);
  const session = useSession();
  const update = trpc.partner.updatePaymentMethod.useMutation();
  const [editing, setEditing] = useState(false);
  const active = partner.status === 'active';
  const methods = active ? PAYMENT_METHODS : (['Wire'] as const);
  const form = useSchemaForm<PaymentMethodForm>(
    updatePaymentMethodInput,
    emptyForm(partner.paymentMethod, partner.payeeType),
  );
  const method = form.values.paymentMethod;
  // As on the registration form: each field says what it lacks, and the method's rule is said once.
  // The rule "all bank fields are required" heads the fields only when one is missing or malformed: a wrong
  // check digit is the routing number's own fault, said on that field alone.
  const bankFieldsInError =
    method !== 'PayPal' &&
    WIRE_BANK_FIELDS.some(
      (field) => Boolean(form.errors[field]) && form.errors[field] !== PAYMENT_METHOD_MESSAGES.routingCheckDigit,
    );

  const submit = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      notifySuccess(
        method === 'Wire' ? MESSAGES.bankDetailsUpdated : PAYMENT_METHOD_MESSAGES.paymentMethodUpdated,
        'We sent you a confirmation by mail.',
      );
      form.reset();
      setEditing(false);
      await session.reloadPartner();
    } catch (error) {
      const message = errorMessage(error);
      if (message === MESSAGES.currentPasswordIncorrect) form.setFieldError('currentPassword', message);
      else notifyError('Payment details update failed', message);
    }
  });

  const close = () => {
    form.setValues(emptyForm(partner.paymentMethod, partner.payeeType));
    form.resetDirty();
    form.clearErrors();
    setEditing(false);
  };

  const routingInput = (
    <TextInput
      label="Routing Number"
      withAsterisk
      inputMode="numeric"
      description={method === 'ACH' ? 'The 9-digit ABA number on your checks' : undefined}
      {...bankNumberProps(form, 'bankRoutingNumber')}
    />
  );
  // Masked as on the registration form: a bank account number is not shown to whoever looks at the screen.
  const accountInput = <AccountNumberInput form={form} />;
  const accountTypeInput = <AccountTypeSelect {...form.getInputProps('bankAccountType')} />;

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div style={{ minWidth: 0 }}>
            {/* Clear of the fixed header when scrolled to the top of the view. */}
            <Title
              order={3}
              size="h4"
              id={PAYMENT_METHOD_ANCHOR}
              ref={heading}
              tabIndex={-1}
              style={{ scrollMarginTop: 'calc(var(--app-shell-header-offset, 0rem) + var(--mantine-spacing-xl))' }}
            >
              Payment method
            </Title>
            <Text size="sm" c="dimmed" data-testid="bank-summary" style={{ overflowWrap: 'anywhere' }}>
              {paymentSummary(partner)}
            </Text>
          </div>
          {!editing && (
            <Button
              variant="light"
              leftSection={
                partner.paymentMethod === 'PayPal' ? <IconWallet size={16} /> : <IconBuildingBank size={16} />
              }
              onClick={() => setEditing(true)}
            >
              {partner.paymentMethod === 'PayPal' ? 'Update payment method' : 'Update bank details'}
            </Button>
          )}
        </Group>
        {editing && (
          <StackedForm
            onSubmit={submit}
            spacing="md"
            gap="sm"
            onCancel={close}
            pending={update.isPending}
            submitLabel={method === 'PayPal' ? 'Save payment method' : 'Save bank details'}
            busyLabel="Saving..."
          >
            {methods.length > 1 && (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="payment-method-label">
                  Payment method
                </Text>
                <SegmentedControl
                  aria-labelledby="payment-method-label"
                  data={optionsOf(methods, PAYMENT_METHOD_LABELS)}
                  value={method}
                  onChange={(value) => {
                    form.setFieldValue('paymentMethod', value);
                    form.clearErrors();
                  }}
                  fullWidth
                />
              </Stack>
            )}
            {bankFieldsInError && (
              <Text size="sm" c="var(--mantine-color-error)" data-testid="bank-fields-rule">
                {method === 'Wire' ? MESSAGES.wireBankFieldsRequired : PAYMENT_METHOD_MESSAGES.achFieldsRequired}
              </Text>
            )}
            {method === 'Wire' && (
              <>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <TextInput label="Bank Name" withAsterisk {...form.getInputProps('bankName')} />
                  <TextInput
                    label="Account Holder Name"
                    withAsterisk
                    {...form.getInputProps('bankAccountHolderName')}
                  />
                  {routingInput}
                  {accountInput}
                  {accountTypeInput}
                </SimpleGrid>
                <Textarea
                  label="Bank Address"
                  withAsterisk
                  autosize
                  minRows={2}
                  {...form.getInputProps('bankAddress')}
                />
                <Textarea
                  label="Beneficiary Address"
                  withAsterisk
                  autosize
                  minRows={2}
                  {...form.getInputProps('beneficiaryAddress')}
                />
              </>
            )}
            {method === 'ACH' && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput label="Account Holder Name" withAsterisk {...form.getInputProps('bankAccountHolderName')} />
                <TextInput label="Bank Name" {...form.getInputProps('bankName')} />
                {routingInput}
                {accountInput}
                {accountTypeInput}
                <Select
                  label="Account Owner"
                  description="A business account is paid as CCD, a personal one as PPD"
                  withAsterisk
                  data={payeeTypeOptions}
                  allowDeselect={false}
                  {...form.getInputProps('payeeType')}
                />
              </SimpleGrid>
            )}
            {method === 'PayPal' && (
              <TextInput
                label="PayPal Email"
                type="email"
                autoComplete="email"
                withAsterisk
                description="The email address of the PayPal account that receives your payouts"
                {...form.getInputProps('paypalEmail')}
              />
            )}
            <CurrentPasswordInput
              description="Confirm it is you"
              withAsterisk
              {...form.getInputProps('currentPassword')}
            />
          </StackedForm>
        )}
      </Stack>
    </Card>
  );
}
