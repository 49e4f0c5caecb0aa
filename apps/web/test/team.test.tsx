// The Team screen: pending invitations can be resent and revoked, one's own row has no Deactivate, a member
// with a name is shown by it over their email, and one's own two-factor sign-in is reachable from the page and
// from the user menu, where a team member also names themself.

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portal/contracts';
import { TeamScreen } from '../src/features/admin/team/team-screen';
import { UserMenu } from '../src/layout/user-menu';
import { SessionStore } from '../src/lib/session';
import { renderInRouter } from './render';
import { ProcedureError, serveTrpc } from './trpc-server';

/** The team screen's API: the handlers given, and a server that delivers mail unless they say otherwise. */
const serveTeam = (handlers: Parameters<typeof serveTrpc>[0]) =>
  serveTrpc({ 'admin.mailDelivery': () => ({ delivering: true }), ...handlers });

afterEach(() => vi.unstubAllGlobals());

const me = { id: '00000000-0000-4000-8000-0000000000a1', email: 'admin@example.com', role: 'admin' as const };
const other = {
  ...me,
  id: '00000000-0000-4000-8000-0000000000a2',
  email: 'finn@example.com',
  role: 'finance' as const,
};
const member = (user: typeof me | typeof other, displayName: string | null = null) => ({
  ...user,
  displayName,
  active: true,
  mfaEnabled: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  deactivatedAt: null,
});
const invitation = {
  id: '00000000-0000-4000-8000-0000000000b1',
  email: 'new.teammate@example.com',
  role: 'viewer' as const,
  expiresAt: '2026-12-02T00:00:00.000Z',
  createdAt: '2026-11-25T00:00:00.000Z',
};
const session = () =>
  new SessionStore({ user: { ...me, permissions: ['partners:read', 'team:manage'], mfaEnabled: false } });

describe('the Team screen', () => {
  it("offers no Deactivate on one's own row, and does on another member's", async () => {
    serveTeam({ 'admin.team': () => ({ members: [member(me), member(other)], invitations: [] }) });
    renderInRouter(<TeamScreen />, { session: session() });
    const mine = await screen.findByTestId(`member-${me.email}`);
    expect(within(mine).queryByRole('button', { name: /Deactivate/ })).toBeNull();
    expect(
      within(screen.getByTestId(`member-${other.email}`)).getByRole('button', { name: /Deactivate/ }),
    ).toBeTruthy();
  });

  it('warns before inviting when the server sends no mail, since an invitation is only a mailed link', async () => {
    serveTeam({
      'admin.team': () => ({ members: [member(me)], invitations: [] }),
      'admin.mailDelivery': () => ({ delivering: false }),
    });
    renderInRouter(<TeamScreen />, { session: session() });
    const alert = await screen.findByTestId('invite-no-mail');
    expect(alert.textContent).toContain(
      'This server sends no mail (SMTP_URL is not set), so an invitation reaches nobody',
    );
  });

  it('says an invitation was sent when the server sends mail', async () => {
    serveTeam({
      'admin.team': () => ({ members: [member(me)], invitations: [] }),
      'admin.inviteMember': () => ({ ...invitation, role: 'finance' }),
    });
    renderInRouter(<TeamScreen />, { session: session() });
    await userEvent.type(await screen.findByRole('textbox', { name: /Email/ }), invitation.email);
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(MESSAGES.invitationSent)).toBeTruthy();
    expect(screen.getByText(`${invitation.email} can join as Finance within 7 days.`)).toBeTruthy();
  });

  it('without mail, says an invitation was created but not sent, and how the person can still join', async () => {
    serveTeam({
      'admin.team': () => ({ members: [member(me)], invitations: [] }),
      'admin.mailDelivery': () => ({ delivering: false }),
      'admin.inviteMember': () => ({ ...invitation, role: 'finance' }),
    });
    renderInRouter(<TeamScreen />, { session: session() });
    await screen.findByTestId('invite-no-mail');
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), invitation.email);
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation created, not sent')).toBeTruthy();
    expect(
      screen.getByText(
        `No mail went out: this server sends no mail. For ${invitation.email} to join as Finance, set SMTP_URL, restart the server and use Resend on the invitation.`,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(MESSAGES.invitationSent)).toBeNull();
  });

  it('without mail, does not say a resent invitation was sent', async () => {
    serveTeam({
      'admin.team': () => ({ members: [member(me)], invitations: [invitation] }),
      'admin.mailDelivery': () => ({ delivering: false }),
      'admin.resendInvitation': () => invitation,
    });
    renderInRouter(<TeamScreen />, { session: session() });
    await screen.findByTestId('invite-no-mail');
    fireEvent.click(screen.getByRole('button', { name: `Resend the invitation to ${invitation.email}` }));
    expect(await screen.findByText('Invitation created, not sent')).toBeTruthy();
    expect(screen.queryByText(MESSAGES.invitationResent)).toBeNull();
  });

  it('shows a member with a name by it, over their email, and one without by the email', async () => {
    serveTeam({ 'admin.team': () => ({ members: [member(me), member(other, 'Finn Fisher')], invitations: [] }) });
    renderInRouter(<TeamScreen />, { session: session() });
    const named = await screen.findByTestId(`member-${other.email}`);
    expect(named.textContent).toContain(`Finn Fisher${other.email}`);
    expect(screen.getByTestId(`member-${me.email}`).textContent).toContain(`${me.email} (you)`);
    expect(screen.getByRole('columnheader', { name: 'Member' })).toBeTruthy();
  });

  it('resends and revokes a pending invitation', async () => {
    let invitations = [invitation];
    const api = serveTeam({
      'admin.team': () => ({ members: [member(me)], invitations }),
      'admin.resendInvitation': () => invitation,
      'admin.revokeInvitation': () => {
        invitations = [];
        return { members: [member(me)], invitations };
      },
    });
    renderInRouter(<TeamScreen />, { session: session() });
    fireEvent.click(await screen.findByRole('button', { name: `Resend the invitation to ${invitation.email}` }));
    await waitFor(() =>
      expect(api.inputs('admin.resendInvitation')[0]).toEqual({
        invitationId: invitation.id,
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: `Revoke the invitation to ${invitation.email}` }));
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByTestId(`invitation-${invitation.email}`)).toBeNull());
    expect(api.inputs('admin.revokeInvitation')).toHaveLength(1);
  });

  it('opens your own two-factor sign-in from the page', async () => {
    serveTeam({ 'admin.team': () => ({ members: [member(me)], invitations: [] }) });
    renderInRouter(<TeamScreen />, { session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Your two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Two-factor sign-in' });
    expect(within(dialog).getByText('Off')).toBeTruthy();
  });
});

describe('the user menu', () => {
  it('leads to two-factor sign-in', async () => {
    serveTeam({});
    renderInRouter(<UserMenu />, { session: session() });
    await userEvent.click((await screen.findAllByRole('button', { name: new RegExp(me.email) }))[0]!);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Two-factor sign-in' }));
    expect(await screen.findByRole('dialog', { name: 'Two-factor sign-in' })).toBeTruthy();
  });

  it('names the member: the dialog starts from the saved name, saves the new one and reads the user again', async () => {
    let saved: string | null = 'Ada Admin';
    const api = serveTeam({
      'auth.updateDisplayName': (input) => {
        saved = (input as { displayName: string }).displayName.trim() || null;
        return { displayName: saved };
      },
      'auth.me': () => ({ ...me, displayName: saved, permissions: ['team:manage'], mfaEnabled: false }),
      'admin.team': () => ({ members: [member(me, saved)], invitations: [] }),
      'admin.activity': () => ({ items: [], total: 0 }),
    });
    const store = new SessionStore({
      user: { ...me, displayName: 'Ada Admin', permissions: ['partners:read', 'team:manage'], mfaEnabled: false },
    });
    renderInRouter(<UserMenu />, { session: store });
    await userEvent.click((await screen.findAllByRole('button', { name: new RegExp(me.email) }))[0]!);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Your name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your name' });
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    expect((field as HTMLInputElement).value).toBe('Ada Admin');
    await userEvent.clear(field);
    await userEvent.type(field, 'Ada Lovelace');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(store.getState().user?.displayName).toBe('Ada Lovelace'));
    expect(api.inputs('auth.updateDisplayName')).toEqual([{ displayName: 'Ada Lovelace' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your name' })).toBeNull());
  });

  it("shows the server's refusal of a name on the field and keeps the dialog open", async () => {
    serveTeam({
      'auth.updateDisplayName': () =>
        new ProcedureError(400, 'BAD_REQUEST', 'The name must be a single line without control characters', [
          { path: 'displayName', message: 'The name must be a single line without control characters' },
        ]),
    });
    renderInRouter(<UserMenu />, { session: session() });
    await userEvent.click((await screen.findAllByRole('button', { name: new RegExp(me.email) }))[0]!);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Your name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your name' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(dialog).findByText('The name must be a single line without control characters')).toBeTruthy();
  });

  it('tells any other refusal in a toast and keeps the name typed', async () => {
    serveTeam({
      'auth.updateDisplayName': () => new ProcedureError(403, 'FORBIDDEN', MESSAGES.displayNameStaffOnly),
    });
    renderInRouter(<UserMenu />, { session: session() });
    await userEvent.click((await screen.findAllByRole('button', { name: new RegExp(me.email) }))[0]!);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Your name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your name' });
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    await userEvent.type(field, 'Ada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText(MESSAGES.displayNameStaffOnly)).toBeTruthy();
    expect(within(dialog).queryByText(MESSAGES.displayNameStaffOnly)).toBeNull();
    expect((field as HTMLInputElement).value).toBe('Ada');
  });
});
