// The session (spec §4): the stored token, the current user and, for partners, their profile.
// A small store outside React so route guards can await it; components read it with useSession().

import type { PartnerProfile, SessionUserOutput } from '@portal/contracts';
import { AUTH_TOKEN_KEY } from '@portal/contracts/plain';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { httpStatusOf } from './errors';
import { readToken } from './rest';
import { vanillaTrpc } from './trpc';

export interface SessionState {
  /** 'loading' until the stored token has been checked. */
  status: 'loading' | 'ready';
  user: SessionUserOutput | null;
  partner: PartnerProfile | null;
  partnerLoading: boolean;
  /** Set when the profile failed to load ("no partner record" is `partner: null`, not an error). */
  partnerError: unknown;
}

type Listener = () => void;

export class SessionStore {
  private state: SessionState = {
    status: 'loading',
    user: null,
    partner: null,
    partnerLoading: false,
    partnerError: null,
  };
  private listeners = new Set<Listener>();
  private readyWaiters: Array<() => void> = [];
  private queryClient: QueryClient | null = null;
  private started = false;

  /** `initial` starts the store already settled (tests, and screens rendered in isolation). */
  constructor(initial?: Partial<SessionState>) {
    if (initial) {
      this.state = { ...this.state, status: 'ready', ...initial };
      this.started = true;
    }
  }

  attachQueryClient(client: QueryClient) {
    this.queryClient = client;
  }

  getState = (): SessionState => this.state;

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<SessionState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
    if (this.state.status === 'ready' && !this.state.partnerLoading) {
      const waiters = this.readyWaiters;
      this.readyWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  /** Checks a stored token once: fetches the user, then the partner profile for partners. */
  start() {
    if (this.started) return;
    this.started = true;
    if (!readToken()) {
      this.set({ status: 'ready' });
      return;
    }
    void this.loadUser();
  }

  /** Resolves once the user (and, for partners, the profile) has loaded. */
  whenSettled(): Promise<SessionState> {
    this.start();
    if (this.state.status === 'ready' && !this.state.partnerLoading) return Promise.resolve(this.state);
    return new Promise((resolve) => this.readyWaiters.push(() => resolve(this.state)));
  }

  private async loadUser() {
    try {
      const user = await vanillaTrpc.auth.me.query();
      this.set({ user, partnerLoading: user.role === 'partner' });
      if (user.role === 'partner') await this.loadPartner();
      this.set({ status: 'ready' });
    } catch (error) {
      // Only a refused token (401) ends the session; an outage (503) or a lost connection keeps the
      // token, so the next visit signs the user back in.
      if (httpStatusOf(error) === 401) clearStoredToken();
      this.set({ status: 'ready', user: null, partner: null, partnerLoading: false, partnerError: null });
    }
  }

  private async loadPartner() {
    this.set({ partnerLoading: true, partnerError: null });
    try {
      // null: the user has not applied yet (the registration form shows), an answer rather than an error.
      const partner = await vanillaTrpc.partner.me.query();
      this.set({ partner, partnerLoading: false });
    } catch (error) {
      this.set({ partner: null, partnerLoading: false, partnerError: error });
    }
  }

  /** Reads the profile again in place (after the partner edited it): no loading state, the screen stays. */
  async reloadPartner() {
    const partner = await vanillaTrpc.partner.me.query();
    this.set({ partner });
  }

  /** Reads the user again (after two-factor sign-in was turned on or off). */
  async refreshUser() {
    const user = await vanillaTrpc.auth.me.query();
    this.set({ user });
  }

  /** Reads the partner's profile again; the answer is the profile as it now stands (null without one). */
  async refetchPartner(): Promise<PartnerProfile | null> {
    if (this.state.user?.role === 'partner') await this.loadPartner();
    return this.state.partner;
  }

  /**
   * Swaps the stored token and keeps the user and the screen: the server issued a new session for the
   * same user (turning two-factor sign-in on ends every other session, the one that did it included).
   */
  replaceToken(token: string) {
    storeToken(token);
  }

  async signIn(token: string, user: SessionUserOutput) {
    storeToken(token);
    this.queryClient?.clear();
    this.set({ status: 'ready', user, partner: null, partnerError: null, partnerLoading: user.role === 'partner' });
    if (user.role === 'partner') await this.loadPartner();
  }

  /** Ends the session everywhere (the server revokes the token) and forgets everything locally. */
  async signOut() {
    if (readToken()) await vanillaTrpc.auth.logout.mutate().catch(() => undefined);
    this.forget();
  }

  /** A 401 from any call: the stored token is dropped and the visitor is signed out. */
  handleUnauthorized() {
    if (!this.state.user && !readToken()) return;
    this.forget();
  }

  private forget() {
    clearStoredToken();
    this.queryClient?.clear();
    this.set({ status: 'ready', user: null, partner: null, partnerLoading: false, partnerError: null });
  }
}

function storeToken(token: string) {
  localStorage.setItem(AUTH_TOKEN_KEY, token);
}
function clearStoredToken() {
  try {
    localStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // Storage unavailable: nothing to clear.
  }
}

export const sessionStore = new SessionStore();

const SessionContext = createContext<SessionStore>(sessionStore);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export function useSession() {
  const store = useContext(SessionContext);
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return {
    ...state,
    loading: state.status === 'loading',
    signIn: (token: string, user: SessionUserOutput) => store.signIn(token, user),
    replaceToken: (token: string) => store.replaceToken(token),
    signOut: () => store.signOut(),
    refetchPartner: () => store.refetchPartner(),
    refreshUser: () => store.refreshUser(),
    reloadPartner: () => store.reloadPartner(),
  };
}
