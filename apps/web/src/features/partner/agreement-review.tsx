// 'Review the updated agreement': a partner whose agreement version is older than the one in force reads
// what changed, scrolls the new text to the bottom (the onboarding gate) and accepts it before the dashboard
// opens. Until then their own version keeps applying to their referrals.

import { Alert, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { formatDate, formatMoney, PROGRAM_TERMS_MESSAGES } from '@portal/contracts';
import { IconFileText } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FailureScreen, LoadingScreen } from '../../layout/loading-screen';
import { errorMessage } from '../../lib/errors';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { agreementOf } from '../../lib/program-terms';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { AgreementBox } from '../onboarding/agreement-box';
import { IconCardHeading } from '../../components/card-heading';

export const AGREEMENT_REVIEW_TITLE = 'Review the updated agreement';
export const ACCEPT_UPDATED_AGREEMENT = 'Accept and continue';

export function AgreementReview() {
  const session = useSession();
  const navigate = useNavigate();
  const agreement = trpc.partner.agreement.useQuery();
  const accept = trpc.partner.acceptAgreement.useMutation();
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | undefined>();

  if (agreement.isError)
    return (
      <FailureScreen>
        {errorMessage(agreement.error, 'Unable to load the updated agreement. Please try again.')}
      </FailureScreen>
    );
  if (agreement.isPending) return <LoadingScreen label="Loading the updated agreement..." />;
  const pending = agreement.data.pending;
  if (!pending) return <LoadingScreen label="Opening your dashboard..." />;

  const submit = async () => {
    if (!accepted) {
      setError(PROGRAM_TERMS_MESSAGES.acceptRequired);
      return;
    }
    try {
      await accept.mutateAsync({ version: pending.agreementVersion, accepted: true });
    } catch (failure) {
      notifyFailure('The agreement was not accepted', failure);
      await agreement.refetch();
      return;
    }
    notifySuccess('Agreement accepted', `You are on version ${pending.agreementVersion} of the Affiliate Agreement.`);
    await session.refetchPartner();
  };

  const signOut = async () => {
    await session.signOut();
    await navigate({ to: '/', replace: true });
  };

  return (
    <Stack gap="lg" p={{ base: 'sm', sm: 'md' }} maw={860} mx="auto" w="100%">
      <Card withBorder radius="lg" padding="xl" shadow="sm">
        <Stack gap="lg">
          <IconCardHeading
            icon={<IconFileText size={26} aria-hidden />}
            color="blue"
            title={AGREEMENT_REVIEW_TITLE}
            description={
              <>
                Version {pending.agreementVersion} is in force from {formatDate(pending.effectiveFrom)}. You are on
                version {agreement.data.agreementVersion}; it keeps applying until you accept.
              </>
            }
          />

          <Alert color="blue" variant="light" title="What changed">
            <List size="sm" spacing={4} data-testid="agreement-changes">
              {pending.changesSinceAccepted.map((change) => (
                <List.Item key={change}>{change}</List.Item>
              ))}
            </List>
          </Alert>

          <Text size="sm" c="dimmed">
            Fees under this version: {formatMoney(pending.fees.basic_accounting)} per month for a Basic Accounting
            client, {formatMoney(pending.fees.controller)} per month for a Controller client.
          </Text>

          <AgreementBox
            agreement={agreementOf(pending)}
            height="20rem"
            accepted={accepted}
            onAcceptedChange={(value) => {
              setAccepted(value);
              if (value) setError(undefined);
            }}
            error={error}
          />

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void signOut()}>
              Sign Out
            </Button>
            <Button onClick={() => void submit()} loading={accept.isPending} disabled={!accepted}>
              {ACCEPT_UPDATED_AGREEMENT}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
