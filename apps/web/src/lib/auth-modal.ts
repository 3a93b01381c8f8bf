import { useSyncExternalStore } from 'react';

/** The two tabs the sign-in modal can be opened on. */
export type AuthModalTab = 'signIn' | 'signUp';

export interface AuthModalState {
  isOpen: boolean;
  tab: AuthModalTab;
  /**
   * Bumped on every open() so the modal can start again from its first step (a tab, not the
   * phone form or the 'Check Your Email' panel of an earlier visit).
   */
  openCount: number;
}

type Listener = () => void;

let state: AuthModalState = { isOpen: false, tab: 'signIn', openCount: 0 };
const listeners = new Set<Listener>();

function setState(next: AuthModalState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens and closes the one sign-in / sign-up modal of the app, from anywhere. */
export const authModal = {
  open: (tab: AuthModalTab = 'signIn'): void => {
    setState({ isOpen: true, tab, openCount: state.openCount + 1 });
  },
  close: (): void => {
    if (state.isOpen) setState({ ...state, isOpen: false });
  },
  /** Switches tab while open (the Sign In / Sign Up tabs). */
  showTab: (tab: AuthModalTab): void => {
    if (state.tab !== tab) setState({ ...state, tab });
  },
  getState: (): AuthModalState => state,
  subscribe,
};

export interface UseAuthModal extends AuthModalState {
  open: (tab?: AuthModalTab) => void;
  close: () => void;
  showTab: (tab: AuthModalTab) => void;
}

/**
 * The sign-in modal's state and controls, e.g. `useAuthModal().open('signUp')` from a
 * 'Login to Create Team' button. The modal itself is rendered once, by the root layout.
 */
export function useAuthModal(): UseAuthModal {
  const current = useSyncExternalStore(subscribe, authModal.getState, authModal.getState);
  return { ...current, open: authModal.open, close: authModal.close, showTab: authModal.showTab };
}
