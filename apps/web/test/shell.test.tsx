import { createMemoryHistory, createRootRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Shell } from '../src/layout/app-shell';
import { NotFound } from '../src/layout/not-found';
import { SessionStore } from '../src/lib/session';
import { atPhoneWidth, renderRoutes, renderWithProviders } from './render';

/** What the server answers for each role (services/platform/permissions.ts), as far as the sidebar reads it. */
const PERMISSIONS = {
  admin: [
    'partners:read',
    'partners:approve',
    'referrals:read',
    'commissions:read',
    'materials:write',
    'emails:read',
    'activity:read',
    'team:manage',
    'keys:manage',
  ],
  viewer: ['partners:read', 'referrals:read'],
  partner: ['partner:self'],
};

function renderShell(role: 'admin' | 'viewer' | 'partner', path = '/dashboard') {
  const session = new SessionStore({
    user: { id: '1', email: `${role}@example.com`, role, permissions: PERMISSIONS[role] },
  });
  const layout = () => (
    <Shell>
      <Outlet />
    </Shell>
  );
  return renderRoutes({ [path]: () => <p>page body</p> }, { path, session, layout, notFound: NotFound });
}

describe('the shell', () => {
  it("titles the sidebar 'Partner Portal' with a 'Dashboard' link for a partner", async () => {
    renderShell('partner');
    expect(await screen.findByText('page body')).toBeTruthy();
    expect(screen.getAllByText('Partner Portal').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByText('Admin Portal')).toBeNull();
  });

  it("titles the sidebar 'Admin Portal' with an 'Admin Dashboard' link for an admin", async () => {
    renderShell('admin', '/admin');
    await screen.findByText('page body');
    expect(screen.getAllByText('Admin Portal').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Admin Dashboard' }).getAttribute('href')).toBe('/admin');
    expect(screen.getByRole('link', { name: 'Activity' }).getAttribute('href')).toBe('/admin/activity');
  });

  it('lists the admin areas in the sidebar and marks the one a sub-page belongs to', async () => {
    renderShell('admin', '/admin/partners/5f0c8a8e-8f2e-4c59-9d4b-7a1f2d3c4b5a');
    await screen.findByText('page body');
    const areas = screen.getByRole('navigation', { name: 'Admin areas' });
    const links = Array.from(areas.querySelectorAll('a')).map((a) => [
      a.textContent,
      a.getAttribute('href'),
      a.getAttribute('aria-current'),
    ]);
    expect(links).toEqual([
      ['Admin Dashboard', '/admin', null],
      ['Applications', '/admin/applications', null],
      ['Pipeline', '/admin/pipeline', null],
      ['Conflicts', '/admin/conflicts', null],
      ['Payouts', '/admin/payouts', null],
      ['Partners', '/admin/partners', 'page'],
      ['Materials', '/admin/materials', null],
      ['Email log', '/admin/emails', null],
      ['Activity', '/admin/activity', null],
      ['Team', '/admin/team', null],
      ['Integrations', '/admin/integrations', null],
    ]);
  });

  it('shows a viewer only the areas its role may open', async () => {
    renderShell('viewer', '/admin');
    await screen.findByText('page body');
    const areas = screen.getByRole('navigation', { name: 'Admin areas' });
    expect(Array.from(areas.querySelectorAll('a')).map((a) => a.textContent)).toEqual([
      'Admin Dashboard',
      'Pipeline',
      'Conflicts',
      'Partners',
    ]);
  });

  it('shows the signed-in email in the header', async () => {
    renderShell('partner');
    await screen.findByText('page body');
    expect(screen.getAllByText('partner@example.com').length).toBeGreaterThan(0);
    // Cut with an ellipsis only when it does not fit; the whole address on hover.
    expect(screen.getByTestId('header-email').getAttribute('title')).toBe('partner@example.com');
  });

  it('shows the 404 texts for an unknown path', async () => {
    const root = createRootRoute({ component: Outlet, notFoundComponent: NotFound });
    const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/nowhere'] }) });
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByText('404 Page Not Found')).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
  });

  it('collapses and expands the sidebar with Ctrl+B and remembers it in a cookie', async () => {
    renderShell('partner');
    await screen.findByText('page body');
    const sidebarState = () => document.querySelector('[data-sidebar-state]')?.getAttribute('data-sidebar-state');
    expect(sidebarState()).toBe('expanded');
    fireEvent.keyDown(document.documentElement, { key: 'b', code: 'KeyB', ctrlKey: true });
    expect(sidebarState()).toBe('collapsed');
    expect(document.cookie).toContain('sidebar_state=false');
    fireEvent.keyDown(document.documentElement, { key: 'b', code: 'KeyB', ctrlKey: true });
    expect(sidebarState()).toBe('expanded');
  });

  it("closes the phone's sheet with Escape and with a tap beside it", async () => {
    atPhoneWidth();
    renderShell('partner');
    await screen.findByText('page body');
    const burger = () => screen.getAllByRole('button', { name: 'Toggle sidebar' })[0]!;
    fireEvent.click(burger());
    expect(screen.getByTestId('sidebar-scrim')).toBeTruthy();
    fireEvent.keyDown(document.documentElement, { key: 'Escape', code: 'Escape' });
    expect(screen.queryByTestId('sidebar-scrim')).toBeNull();
    fireEvent.click(burger());
    fireEvent.click(screen.getByTestId('sidebar-scrim'));
    expect(screen.queryByTestId('sidebar-scrim')).toBeNull();
  });
});
