// The shell (spec §2 Layout): collapsible sidebar (Ctrl/Cmd+B, cookie, icon mode on desktop,
// off-canvas below 768 px) and a header with the toggle, theme toggle and user control.

import {
  AppShell,
  Burger,
  Group,
  NavLink,
  Overlay,
  ScrollArea,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { IconLayoutDashboard, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { isStaffUser, userCan } from '../lib/permissions';
import { useSession } from '../lib/session';
import { ADMIN_NAV, isActiveNavItem } from './admin-nav';
import { readSidebarOpen, writeSidebarOpen } from './sidebar-state';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';
import { usePhoneLayout } from './use-phone-layout';

const EXPANDED_WIDTH = '20rem';

const PARTNER_NAV = [
  { label: 'Dashboard', to: '/dashboard' as const, icon: IconLayoutDashboard, matchSubPaths: false },
] as const;
const ICON_WIDTH = '4rem';

export function Shell({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const isAdmin = isStaffUser(user);
  const mobile = usePhoneLayout();
  const [mobileOpen, mobileSheet] = useDisclosure(false);
  const [desktopOpen, setDesktopOpen] = useState(readSidebarOpen);
  const location = useLocation();

  const toggle = () => {
    if (mobile) {
      mobileSheet.toggle();
      return;
    }
    setDesktopOpen((open) => {
      writeSidebarOpen(!open);
      return !open;
    });
  };
  useHotkeys([
    ['mod+B', toggle],
    // The phone's sheet closes with Escape, as a dialog does.
    ['Escape', () => mobile && mobileOpen && mobileSheet.close()],
  ]);

  // Each admin area shows only to the roles that may open it (the server refuses the rest anyway).
  const links = isAdmin ? ADMIN_NAV.filter((item) => !item.permission || userCan(user, item.permission)) : PARTNER_NAV;
  const expanded = mobile || desktopOpen;

  return (
    // One group for every tooltip of the signed-in screens: 700 ms to the first, then the skip delay.
    <Tooltip.Group>
      <AppShell
        header={{ height: 60 }}
        navbar={{
          width: { base: '18rem', sm: desktopOpen ? EXPANDED_WIDTH : ICON_WIDTH },
          breakpoint: 'sm',
          collapsed: { mobile: !mobileOpen },
        }}
        padding="md"
        data-sidebar-state={expanded ? 'expanded' : 'collapsed'}
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger hiddenFrom="sm" opened={mobileOpen} onClick={toggle} size="sm" aria-label="Toggle sidebar" />
              <Tooltip label="Toggle sidebar (Ctrl/Cmd+B)">
                <UnstyledButton
                  visibleFrom="sm"
                  onClick={toggle}
                  aria-label="Toggle sidebar"
                  data-testid="sidebar-toggle"
                  p={6}
                >
                  {desktopOpen ? (
                    <IconLayoutSidebarLeftCollapse size={20} />
                  ) : (
                    <IconLayoutSidebarLeftExpand size={20} />
                  )}
                </UnstyledButton>
              </Tooltip>
              <Text fw={700} size="lg" hiddenFrom="sm">
                {isAdmin ? 'Admin Portal' : 'Partner Portal'}
              </Text>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <ThemeToggle />
              <UserMenu />
            </Group>
          </Group>
        </AppShell.Header>
        {/* A tap beside the open sheet closes it; the header stays above the scrim. */}
        {mobile && mobileOpen ? (
          <Overlay fixed zIndex={99} backgroundOpacity={0.45} onClick={mobileSheet.close} data-testid="sidebar-scrim" />
        ) : null}
        <AppShell.Navbar
          p={expanded ? 'md' : 'xs'}
          aria-label="Sidebar"
          data-testid="sidebar"
          // On a phone the sheet is as wide as its links need, not the whole screen, so the page shows beside it.
          style={mobile ? { '--app-shell-navbar-width': 'min(18rem, 85vw)' } : undefined}
        >
          <Stack gap="md">
            {expanded ? (
              <Title order={2} size="h4">
                {isAdmin ? 'Admin Portal' : 'Partner Portal'}
              </Title>
            ) : null}
            <ScrollArea>
              <nav aria-label={isAdmin ? 'Admin areas' : 'Partner areas'}>
                {links.map((link) => {
                  const Icon = link.icon;
                  const active = isActiveNavItem(link, location.pathname);
                  return expanded ? (
                    <NavLink
                      key={link.to}
                      component={Link}
                      to={link.to}
                      label={link.label}
                      leftSection={<Icon size={18} />}
                      active={active}
                      // The router marks its active link (aria-current): the dashboard only on itself.
                      activeOptions={{ exact: !link.matchSubPaths }}
                      onClick={() => mobile && mobileSheet.close()}
                    />
                  ) : (
                    <Tooltip key={link.to} label={link.label} position="right">
                      <NavLink
                        component={Link}
                        to={link.to}
                        aria-label={link.label}
                        leftSection={<Icon size={20} />}
                        active={active}
                        activeOptions={{ exact: !link.matchSubPaths }}
                      />
                    </Tooltip>
                  );
                })}
              </nav>
            </ScrollArea>
          </Stack>
        </AppShell.Navbar>
        <AppShell.Main>{children}</AppShell.Main>
      </AppShell>
    </Tooltip.Group>
  );
}
