// The onboarding screen (spec §2): one state per situation of the signed-in partner's profile.

import { Center, Container, Stack } from '@mantine/core';
import { MESSAGES, type PartnerApplicationInput } from '@portal/contracts';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { LoadingScreen } from '../../layout/loading-screen';
import { isStaffUser } from '../../lib/permissions';
import { notifySuccess, notifyFailure } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { agreementOf, useProgramTerms } from '../../lib/program-terms';
import { trpc } from '../../lib/trpc';
import { AccountStatus } from './account-status';
import { ONBOARDING_LOADING_TEXT } from './onboarding-texts';
import { ConnectionError } from './connection-error';
import { PendingReview } from './pending-review';
import { RegistrationForm } from './registration-form';
import { RegistrationHeader } from './registration-header';

/** The registration form with the agreement in force (version 1's text until it loads or when it cannot). */
function RegistrationInForce({ onSubmit }: { onSubmit: (payload: PartnerApplicationInput) => Promise<void> }) {
  const terms = useProgramTerms();
  return <RegistrationForm onSubmit={onSubmit} agreement={terms.data ? agreementOf(terms.data) : undefined} />;
}

export function OnboardingScreen() {
  const session = useSession();
  const navigate = useNavigate();
  const submitApplication = trpc.partner.submitApplication.useMutation();

  const signOut = async () => {
    await session.signOut();
    await navigate({ to: '/', replace: true });
  };

  const apply = async (payload: PartnerApplicationInput) => {
    try {
      await submitApplication.mutateAsync(payload);
    } catch (error) {
      notifyFailure(MESSAGES.registrationFailed, error);
      throw error;
    }
    notifySuccess(MESSAGES.applicationSubmitted, MESSAGES.applicationSubmittedText);
    await session.refetchPartner();
  };

  // Check Status reads the profile again; a decision changes the screen, and no decision yet says so.
  const checkStatus = async () => {
    const latest = await session.refetchPartner();
    if (latest?.status === 'pending') notifySuccess(MESSAGES.stillUnderReview, MESSAGES.stillUnderReviewText);
  };

  // A retry reloads the profile, so it passes through the loading state like the first load.
  if (session.loading || session.partnerLoading) return <LoadingScreen label={ONBOARDING_LOADING_TEXT} />;
  if (!session.user) return <Navigate to="/" replace />;
  if (isStaffUser(session.user)) return <Navigate to="/admin" replace />;

  if (session.partnerError) {
    return (
      <>
        <Center mih="100vh" p="md">
          <ConnectionError onRetry={() => void session.refetchPartner()} onSignOut={() => void signOut()} />
        </Center>
      </>
    );
  }

  const { partner } = session;
  if (!partner) {
    return (
      <>
        <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
          <Stack gap="xl">
            <RegistrationHeader onSignOut={() => void signOut()} />
            <RegistrationInForce onSubmit={apply} />
          </Stack>
        </Container>
      </>
    );
  }

  if (partner.status === 'active') return <Navigate to="/dashboard" replace />;

  return (
    <>
      <Center mih="100vh" p="md">
        {partner.status === 'pending' ? (
          <PendingReview partner={partner} onSignOut={() => void signOut()} onRefresh={() => void checkStatus()} />
        ) : (
          <AccountStatus partner={partner} onSignOut={() => void signOut()} />
        )}
      </Center>
    </>
  );
}
