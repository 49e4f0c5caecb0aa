import { Avatar, Button, Menu, Text, VisuallyHidden } from '@mantine/core';
import { IconId, IconKey, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { isStaffUser } from '../lib/permissions';
import { useSession } from '../lib/session';

const TwoFactorDialog = lazy(() => import('./two-factor-dialog').then((m) => ({ default: m.TwoFactorDialog })));

const DisplayNameDialog = lazy(() => import('./display-name-dialog').then((m) => ({ default: m.DisplayNameDialog })));

const ChangePasswordDialog = lazy(() =>
  import('../features/auth/change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

export function UserMenu() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  // Partners change their password in the Settings tab; admins have no such tab.
  const [changingPassword, setChangingPassword] = useState(false);
  const [twoFactor, setTwoFactor] = useState(false);
  const [naming, setNaming] = useState(false);
  if (!user) return null;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="subtle"
            color="gray"
            px="xs"
            leftSection={
              <Avatar size="sm" radius="xl" color="blue" aria-hidden>
                {(user.displayName ?? user.email).slice(0, 1).toUpperCase()}
              </Avatar>
            }
          >
            {/* The email names the menu; on phones it is read, not shown. It takes the header's free room
                and is cut only past it, the whole address on hover. */}
            <Text
              size="sm"
              visibleFrom="sm"
              maw="min(42vw, 420px)"
              truncate
              title={user.email}
              data-testid="header-email"
            >
              {user.email}
            </Text>
            <VisuallyHidden hiddenFrom="sm">{user.email}</VisuallyHidden>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{user.displayName ? `${user.displayName} · ${user.email}` : user.email}</Menu.Label>
          {isStaffUser(user) && (
            <>
              <Menu.Item leftSection={<IconId size={16} />} onClick={() => setNaming(true)}>
                Your name
              </Menu.Item>
              <Menu.Item leftSection={<IconKey size={16} />} onClick={() => setChangingPassword(true)}>
                Change password
              </Menu.Item>
            </>
          )}
          <Menu.Item leftSection={<IconShieldLock size={16} />} onClick={() => setTwoFactor(true)}>
            Two-factor sign-in
          </Menu.Item>
          <Menu.Item
            leftSection={<IconLogout size={16} />}
            onClick={() => {
              void signOut().then(() => navigate({ to: '/' }));
            }}
          >
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {twoFactor && (
        <Suspense fallback={null}>
          <TwoFactorDialog opened onClose={() => setTwoFactor(false)} />
        </Suspense>
      )}
      {naming && (
        <Suspense fallback={null}>
          <DisplayNameDialog onClose={() => setNaming(false)} />
        </Suspense>
      )}
      {changingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordDialog opened onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
    </>
  );
}
