// The Team screen: invite someone with a role, change a member's role, deactivate a
// member. Only the `admin` role manages the team; the last admin is kept by the server (409).
// Below `sm` the members and invitations are lists of small cards, each column's label beside its
// value, instead of tables that would scroll sideways.

import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { ConfirmDialog } from '../../../layout/confirm-dialog';
import { schemaResolver, useForm } from '@mantine/form';
import {
  ADMIN_ROLE_DESCRIPTIONS,
  ADMIN_ROLE_LABELS,
  ADMIN_ROLES,
  MESSAGES,
  formatDate,
  inviteMemberInput,
  type InviteMemberInput,
  type TeamMember,
} from '@portal/contracts';
import { IconUserOff } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { FormActions } from '../../../layout/form-actions';
import { LoadingRow } from '../../../layout/loading-row';
import { errorMessage } from '../../../lib/errors';
import { afterTeamChange } from '../../../lib/invalidate';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';
import { AdminPage } from '../../../layout/admin-page';

const ROLE_OPTIONS = ADMIN_ROLES.map((role) => ({ value: role, label: ADMIN_ROLE_LABELS[role] }));

function InviteForm() {
  const utils = trpc.useUtils();
  const invite = trpc.admin.inviteMember.useMutation();
  const form = useForm<InviteMemberInput>({
    mode: 'controlled',
    initialValues: { email: '', role: 'viewer' },
    validate: schemaResolver(inviteMemberInput, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const sent = await invite.mutateAsync(values);
      notifySuccess(
        MESSAGES.invitationSent,
        `${sent.email} can join as ${ADMIN_ROLE_LABELS[sent.role]} within 7 days.`,
      );
      form.reset();
      await afterTeamChange(utils);
    } catch (error) {
      notifyError('Invitation failed', errorMessage(error, MESSAGES.genericError));
    }
  });
  return (
    <Card withBorder padding="lg" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Invite a team member
          </Title>
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
          <FormActions pending={invite.isPending} submitLabel={<>Send invitation</>} busyLabel="Sending..." />
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
          (error: unknown) => notifyError('Role change failed', errorMessage(error, MESSAGES.genericError)),
        );
      }}
    />
  );
}

function MemberEmail({ member, self }: { member: TeamMember; self: boolean }) {
  return (
    <>
      {member.email}
      {self ? (
        <Text span c="dimmed" size="sm">
          {' '}
          (you)
        </Text>
      ) : null}
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

const StatusBadge = ({ member }: { member: TeamMember }) =>
  member.active ? (
    <Badge color="teal.9" variant="filled" autoContrast>
      Active
    </Badge>
  ) : (
    <Badge color="red.9" variant="filled" autoContrast>
      Deactivated
    </Badge>
  );

function DeactivateButton({
  member,
  onDeactivate,
}: {
  member: TeamMember;
  onDeactivate: (member: TeamMember) => void;
}) {
  if (!member.active) return null;
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      leftSection={<IconUserOff size={14} />}
      onClick={() => onDeactivate(member)}
    >
      Deactivate
    </Button>
  );
}

function MemberRow({
  member,
  self,
  onDeactivate,
}: {
  member: TeamMember;
  self: boolean;
  onDeactivate: (member: TeamMember) => void;
}) {
  return (
    <Table.Tr data-testid={`member-${member.email}`}>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <MemberEmail member={member} self={self} />
      </Table.Td>
      <Table.Td>
        <RoleControl member={member} />
      </Table.Td>
      <Table.Td>
        <TwoFactorBadge member={member} />
      </Table.Td>
      <Table.Td>
        <StatusBadge member={member} />
      </Table.Td>
      <Table.Td>
        <DeactivateButton member={member} onDeactivate={onDeactivate} />
      </Table.Td>
    </Table.Tr>
  );
}

/** A label and its value on one line of a member's or invitation's card (the table's column header, in words). */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </Group>
  );
}

/** Narrow screens: one card per member, the table's columns as labelled lines. */
function MemberCard({
  member,
  self,
  onDeactivate,
}: {
  member: TeamMember;
  self: boolean;
  onDeactivate: (member: TeamMember) => void;
}) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid={`member-${member.email}`}>
      <Stack gap="xs">
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          <MemberEmail member={member} self={self} />
        </Text>
        <Field label="Role">
          <Text size="sm" component="div">
            <RoleControl member={member} />
          </Text>
        </Field>
        <Group gap="md" wrap="wrap" justify="space-between">
          <Group gap="md" wrap="wrap">
            <Field label="Two-factor">
              <TwoFactorBadge member={member} />
            </Field>
            <Field label="Status">
              <StatusBadge member={member} />
            </Field>
          </Group>
          <DeactivateButton member={member} onDeactivate={onDeactivate} />
        </Group>
      </Stack>
    </Paper>
  );
}

/** A list of cards without bullets (the members or invitations on a narrow screen). */
function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}

export function TeamScreen() {
  const { user } = useSession();
  const utils = trpc.useUtils();
  const team = trpc.admin.team.useQuery();
  const remove = trpc.admin.removeMember.useMutation();
  const [leaving, setLeaving] = useState<TeamMember | null>(null);
  const narrow = useNarrowScreen();

  const confirmRemove = async () => {
    if (!leaving) return;
    try {
      await remove.mutateAsync({ userId: leaving.id });
      notifySuccess(MESSAGES.memberDeactivated, `${leaving.email} can no longer sign in.`);
      setLeaving(null);
      await afterTeamChange(utils);
    } catch (error) {
      notifyError('Deactivation failed', errorMessage(error, MESSAGES.genericError));
    }
  };

  return (
    <AdminPage
      trail={[{ label: 'Admin Dashboard', to: '/admin' }, { label: 'Team' }]}
      title="Team"
      description="Who works in the admin area, with which role"
    >
      <InviteForm />
      <Card withBorder padding="lg" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Members
          </Title>
          {team.isError ? (
            <Alert color="red">{errorMessage(team.error, 'Unable to load the team.')}</Alert>
          ) : narrow ? (
            team.isPending ? (
              <LoadingRow label="Loading team..." />
            ) : (
              <CardList label="Members">
                {team.data.members.map((member) => (
                  <MemberCard key={member.id} member={member} self={member.id === user?.id} onDeactivate={setLeaving} />
                ))}
              </CardList>
            )
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Email</Table.Th>
                    <Table.Th>Role</Table.Th>
                    <Table.Th>Two-factor</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {team.isPending ? (
                    <Table.Tr>
                      <Table.Td colSpan={5}>
                        <LoadingRow label="Loading team..." />
                      </Table.Td>
                    </Table.Tr>
                  ) : (
                    team.data.members.map((member) => (
                      <MemberRow
                        key={member.id}
                        member={member}
                        self={member.id === user?.id}
                        onDeactivate={setLeaving}
                      />
                    ))
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Card>
      {team.data && team.data.invitations.length > 0 && (
        <Card withBorder padding="lg" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Pending invitations
            </Title>
            {narrow ? (
              <CardList label="Pending invitations">
                {team.data.invitations.map((invitation) => (
                  <Paper
                    key={invitation.id}
                    component="li"
                    withBorder
                    radius="md"
                    p="sm"
                    data-testid={`invitation-${invitation.email}`}
                  >
                    <Stack gap={4}>
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {invitation.email}
                      </Text>
                      <Group gap="md" wrap="wrap">
                        <Field label="Role">
                          <Text size="sm">{ADMIN_ROLE_LABELS[invitation.role]}</Text>
                        </Field>
                        <Field label="Expires">
                          <Text size="sm">{formatDate(invitation.expiresAt)}</Text>
                        </Field>
                      </Group>
                    </Stack>
                  </Paper>
                ))}
              </CardList>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Email</Table.Th>
                      <Table.Th>Role</Table.Th>
                      <Table.Th>Expires</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {team.data.invitations.map((invitation) => (
                      <Table.Tr key={invitation.id} data-testid={`invitation-${invitation.email}`}>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{invitation.email}</Table.Td>
                        <Table.Td>{ADMIN_ROLE_LABELS[invitation.role]}</Table.Td>
                        <Table.Td>{formatDate(invitation.expiresAt)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        </Card>
      )}
      <ConfirmDialog
        opened={!!leaving}
        onClose={() => setLeaving(null)}
        title="Deactivate team member"
        confirmLabel="Deactivate"
        pending={remove.isPending}
        onConfirm={() => void confirmRemove()}
      >
        <Text size="sm">
          {leaving?.email} will be signed out everywhere and can no longer sign in. The account stays in the activity
          log.
        </Text>
      </ConfirmDialog>
    </AdminPage>
  );
}
