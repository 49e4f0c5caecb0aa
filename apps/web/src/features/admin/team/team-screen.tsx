// The Team screen: invite someone with a role, change a member's role, deactivate a
// member. Only the `admin` role manages the team; the last admin is kept by the server (409).
// The members and invitations are the shared column table: cards, each column's label beside its
// value, where a table would scroll sideways.

import { Alert, Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { ConfirmedItemDialog } from '../../../layout/confirmed-action';
import { useSchemaForm } from '../../../lib/use-schema-form';
import {
  ADMIN_ROLE_DESCRIPTIONS,
  ADMIN_ROLE_LABELS,
  ADMIN_ROLES,
  MESSAGES,
  formatDate,
  inviteMemberInput,
  type InviteMemberInput,
  type TeamInvitation,
  type TeamMember,
} from '@portal/contracts';
import { IconSend, IconShieldLock, IconShieldOff, IconUserOff, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { FormActions } from '../../../layout/form-actions';
import { QueryList } from '../../../components/list-section';
import { afterTeamChange } from '../../../lib/invalidate';
import { notifySuccess, notifyFailure } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { TruncatedText } from '../../../components/truncated-text';
import { ACTIONS_COLUMN, ColumnTable } from '../../../components/column-table';
import { AdminPage } from '../../../layout/admin-page';
import { TwoFactorDialog } from '../../../layout/two-factor-dialog';
import classes from './team-screen.module.css';
import { useSubmitOnce } from '../../../lib/use-submit-once';
import { optionsOf } from '../../../lib/select-options';
import { NO_MAIL_NOTE, useMailDelivering } from '../emails/use-mail-delivery';

const ROLE_OPTIONS = optionsOf(ADMIN_ROLES, ADMIN_ROLE_LABELS);

/** An invitation is only a mailed link: without mail, the toast says none went out and how the person still joins. */
const NOT_MAILED = 'Invitation created, not sent';
const joinOnceMailed = (invitation: TeamInvitation) =>
  `No mail went out: this server sends no mail. For ${invitation.email} to join as ${ADMIN_ROLE_LABELS[invitation.role]}, set SMTP_URL, restart the server and use Resend on the invitation.`;

function InviteForm() {
  const utils = trpc.useUtils();
  const delivering = useMailDelivering();
  const invite = trpc.admin.inviteMember.useMutation();
  const form = useSchemaForm<InviteMemberInput>(inviteMemberInput, { email: '', role: 'viewer' });
  const submitOnce = useSubmitOnce(async (values: typeof form.values) => {
    try {
      const sent = await invite.mutateAsync(values);
      if (delivering)
        notifySuccess(
          MESSAGES.invitationSent,
          `${sent.email} can join as ${ADMIN_ROLE_LABELS[sent.role]} within 7 days.`,
        );
      else notifySuccess(NOT_MAILED, joinOnceMailed(sent));
      form.reset();
      await afterTeamChange(utils);
    } catch (error) {
      notifyFailure('Invitation failed', error);
    }
  });
  const submit = form.onSubmit(submitOnce.run);
  return (
    <Card withBorder padding="lg" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Invite a team member
          </Title>
          {!delivering && (
            <Alert color="orange" variant="light" data-testid="invite-no-mail">
              {NO_MAIL_NOTE}, so an invitation reaches nobody: its link is only in the mail. Set SMTP_URL, restart the
              server, then use Resend on the invitation.
            </Alert>
          )}
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Email"
              type="email"
              placeholder="colleague@company.com"
              required
              style={{ flex: '1 1 16rem' }}
              {...form.getInputProps('email')}
            />
            <Select
              label="Role"
              data={ROLE_OPTIONS}
              allowDeselect={false}
              required
              style={{ flex: '0 1 12rem' }}
              description={ADMIN_ROLE_DESCRIPTIONS[form.values.role]}
              {...form.getInputProps('role')}
            />
          </Group>
          <FormActions pending={submitOnce.pending} submitLabel={<>Send invitation</>} busyLabel="Sending..." />
        </Stack>
      </form>
    </Card>
  );
}

/** The member's role: a selector while active (changing it ends the member's sessions), else its name. */
function RoleControl({ member }: { member: TeamMember }) {
  const utils = trpc.useUtils();
  const change = trpc.admin.changeMemberRole.useMutation();
  if (!member.active) return <>{ADMIN_ROLE_LABELS[member.role]}</>;
  return (
    <Select
      aria-label={`Role of ${member.email}`}
      data={ROLE_OPTIONS}
      value={member.role}
      allowDeselect={false}
      disabled={change.isPending}
      w={140}
      onChange={(role) => {
        if (!role || role === member.role) return;
        change.mutateAsync({ userId: member.id, role }).then(
          () => {
            notifySuccess(MESSAGES.roleChanged, `${member.email} is now ${ADMIN_ROLE_LABELS[role]}.`);
            return afterTeamChange(utils);
          },
          (error: unknown) => notifyFailure('Role change failed', error),
        );
      }}
    />
  );
}

/** The member's name over their email when they gave one (Your name, in the user menu), else the email. */
function MemberWho({ member, self }: { member: TeamMember; self: boolean }) {
  const you = self ? (
    <Text span c="dimmed" size="sm">
      {' '}
      (you)
    </Text>
  ) : null;
  if (!member.displayName) {
    return (
      <TruncatedText maxWidth={300}>
        {member.email}
        {you}
      </TruncatedText>
    );
  }
  return (
    <>
      <Text component="div" fw={600} inherit>
        <TruncatedText maxWidth={300}>
          {member.displayName}
          {you}
        </TruncatedText>
      </Text>
      <Text component="div" size="sm" c="dimmed">
        <TruncatedText maxWidth={300}>{member.email}</TruncatedText>
      </Text>
    </>
  );
}

const TwoFactorBadge = ({ member }: { member: TeamMember }) =>
  member.mfaEnabled ? (
    <Badge color="teal.9" variant="filled" autoContrast>
      On
    </Badge>
  ) : (
    <Badge color="gray.7" variant="filled" autoContrast>
      Off
    </Badge>
  );

// Badges keep their whole word (Mantine cuts a badge's label with an ellipsis when its cell is narrow).
const StatusBadge = ({ member }: { member: TeamMember }) =>
  member.active ? (
    <Badge color="teal.9" variant="filled" autoContrast style={{ overflow: 'visible' }} miw="fit-content">
      Active
    </Badge>
  ) : (
    <Badge color="red.9" variant="filled" autoContrast style={{ overflow: 'visible' }} miw="fit-content">
      Deactivated
    </Badge>
  );

/**
 * A member's actions: reset their two-factor sign-in (a lost authenticator; never one's own, which is
 * turned off with a code from the account) and deactivate them.
 */
function MemberActions({
  member,
  self,
  onResetMfa,
  onDeactivate,
}: {
  member: TeamMember;
  self: boolean;
  onResetMfa: (member: TeamMember) => void;
  onDeactivate: (member: TeamMember) => void;
}) {
  if (!member.active) return null;
  if (self && !member.mfaEnabled) return null;
  return (
    <div className={classes.actions}>
      {member.mfaEnabled && !self && (
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconShieldOff size={14} />}
          onClick={() => onResetMfa(member)}
          aria-label={`Reset two-factor sign-in of ${member.email}`}
        >
          Reset two-factor
        </Button>
      )}
      {/* One's own account is not deactivated from here (another admin does it). */}
      {!self && (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconUserOff size={14} />}
          onClick={() => onDeactivate(member)}
        >
          Deactivate
        </Button>
      )}
    </div>
  );
}

/** A pending invitation's actions: send it again (a new link for 7 more days) or revoke it. */
function InvitationActions({
  invitation,
  onRevoke,
}: {
  invitation: TeamInvitation;
  onRevoke: (invitation: TeamInvitation) => void;
}) {
  const utils = trpc.useUtils();
  const delivering = useMailDelivering();
  const resend = trpc.admin.resendInvitation.useMutation();
  const resendOnce = useSubmitOnce(async () => {
    try {
      const sent = await resend.mutateAsync({ invitationId: invitation.id });
      if (delivering) notifySuccess(MESSAGES.invitationResent, `${sent.email} has a new link, valid for 7 days.`);
      else notifySuccess(NOT_MAILED, joinOnceMailed(sent));
      await afterTeamChange(utils);
    } catch (error) {
      notifyFailure('Sending failed', error);
    }
  });
  return (
    <div className={classes.actions}>
      <Button
        size="xs"
        variant="subtle"
        leftSection={<IconSend size={14} />}
        loading={resendOnce.pending}
        onClick={() => void resendOnce.run()}
        aria-label={`Resend the invitation to ${invitation.email}`}
      >
        Resend
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        leftSection={<IconX size={14} />}
        onClick={() => onRevoke(invitation)}
        aria-label={`Revoke the invitation to ${invitation.email}`}
      >
        Revoke
      </Button>
    </div>
  );
}

export function TeamScreen() {
  const { user } = useSession();
  const utils = trpc.useUtils();
  const team = trpc.admin.team.useQuery();
  const remove = trpc.admin.removeMember.useMutation();
  const resetMfa = trpc.admin.resetMemberMfa.useMutation();
  const revoke = trpc.admin.revokeInvitation.useMutation();
  const [leaving, setLeaving] = useState<TeamMember | null>(null);
  const [resetting, setResetting] = useState<TeamMember | null>(null);
  const [revoking, setRevoking] = useState<TeamInvitation | null>(null);
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  const refresh = () => afterTeamChange(utils);

  return (
    <AdminPage title="Team" description="Who works in the admin area, with which role">
      <InviteForm />
      <Card withBorder padding="lg" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h4">
              Members
            </Title>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconShieldLock size={14} />}
              onClick={() => setTwoFactorOpen(true)}
            >
              Your two-factor sign-in
            </Button>
          </Group>
          <QueryList query={team} failure="Unable to load the team." loading="Loading team..." py={0}>
            {(data) => (
              <ColumnTable
                verticalSpacing="sm"
                minWidth={820}
                aria-label="Members"
                rows={data.members}
                rowProps={(member) => ({ 'data-testid': `member-${member.email}` })}
                columns={[
                  {
                    header: 'Member',
                    card: 'title',
                    cell: (member) => <MemberWho member={member} self={member.id === user?.id} />,
                  },
                  { header: 'Role', card: 'full', cell: (member) => <RoleControl member={member} /> },
                  { header: 'Two-factor', noWrap: true, cell: (member) => <TwoFactorBadge member={member} /> },
                  { header: 'Status', noWrap: true, cell: (member) => <StatusBadge member={member} /> },
                  {
                    ...ACTIONS_COLUMN,
                    cell: (member) => (
                      <MemberActions
                        member={member}
                        self={member.id === user?.id}
                        onResetMfa={setResetting}
                        onDeactivate={setLeaving}
                      />
                    ),
                  },
                ]}
              />
            )}
          </QueryList>
        </Stack>
      </Card>
      {team.data && team.data.invitations.length > 0 && (
        <Card withBorder padding="lg" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Pending invitations
            </Title>
            <ColumnTable
              verticalSpacing="xs"
              minWidth={480}
              aria-label="Pending invitations"
              rows={team.data.invitations}
              rowProps={(invitation) => ({ 'data-testid': `invitation-${invitation.email}` })}
              columns={[
                {
                  header: 'Email',
                  card: 'title',
                  cell: (invitation) => <TruncatedText maxWidth={300}>{invitation.email}</TruncatedText>,
                },
                { header: 'Role', cell: (invitation) => ADMIN_ROLE_LABELS[invitation.role] },
                { header: 'Expires', cell: (invitation) => formatDate(invitation.expiresAt) },
                {
                  ...ACTIONS_COLUMN,
                  cell: (invitation) => <InvitationActions invitation={invitation} onRevoke={setRevoking} />,
                },
              ]}
            />
          </Stack>
        </Card>
      )}
      <ConfirmedItemDialog
        item={leaving}
        onClose={() => setLeaving(null)}
        title="Deactivate team member"
        confirmLabel="Deactivate"
        run={(member) => remove.mutateAsync({ userId: member.id })}
        refresh={refresh}
        success={(member) => [MESSAGES.memberDeactivated, `${member.email} can no longer sign in.`]}
        failure="Deactivation failed"
      >
        <Text size="sm">
          {leaving?.email} will be signed out everywhere and can no longer sign in, and the API keys they created stop
          working. The account stays in the activity log.
        </Text>
      </ConfirmedItemDialog>
      <TwoFactorDialog opened={twoFactorOpen} onClose={() => setTwoFactorOpen(false)} />
      <ConfirmedItemDialog
        item={revoking}
        onClose={() => setRevoking(null)}
        title="Revoke invitation"
        confirmLabel="Revoke"
        run={(invitation) => revoke.mutateAsync({ invitationId: invitation.id })}
        refresh={refresh}
        success={(invitation) => [MESSAGES.invitationRevoked, `The link sent to ${invitation.email} no longer works.`]}
        failure="Revoking failed"
      >
        <Text size="sm">
          The invitation link sent to {revoking?.email} stops working. You can invite them again later.
        </Text>
      </ConfirmedItemDialog>
      <ConfirmedItemDialog
        item={resetting}
        onClose={() => setResetting(null)}
        title="Reset two-factor sign-in"
        confirmLabel="Reset two-factor"
        run={(member) => resetMfa.mutateAsync({ userId: member.id })}
        refresh={refresh}
        success={(member) => [
          MESSAGES.mfaResetDone,
          `${member.email} signs in with the password and sets it up again.`,
        ]}
        failure="Reset failed"
      >
        <Text size="sm">
          {resetting?.email}'s authenticator app and recovery codes stop working and every session ends. They sign in
          with their password and set up two-factor sign-in again; they are told by mail.
        </Text>
      </ConfirmedItemDialog>
    </AdminPage>
  );
}
