import { Avatar, Button, Menu, Text, VisuallyHidden } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useSession } from '../lib/session';

export function UserMenu() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px="xs"
          leftSection={
            <Avatar size="sm" radius="xl" color="blue" aria-hidden>
              {user.email.slice(0, 1).toUpperCase()}
            </Avatar>
          }
        >
          {/* The email names the menu; on phones it is read, not shown. */}
          <Text size="sm" visibleFrom="sm" maw={220} truncate>
            {user.email}
          </Text>
          <VisuallyHidden hiddenFrom="sm">{user.email}</VisuallyHidden>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item
          leftSection={<IconLogout size={16} />}
          onClick={async () => {
            await signOut();
            await navigate({ to: '/' });
          }}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
