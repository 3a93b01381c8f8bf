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
/**
 * Where focus was when the modal opened, given back when it closes (WCAG 2.4.3). Kept here and
 * not left to Mantine's Modal: the modal's code loads on its first opening, after the click, so
 * the modal itself never sees its opener the first time.
 */
let opener: HTMLElement | null = null;

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
    if (!state.isOpen && typeof document !== 'undefined') {
      opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    }
    setState({ isOpen: true, tab, openCount: state.openCount + 1 });
  },
  close: (): void => {
    if (!state.isOpen) return;
    setState({ ...state, isOpen: false });
    const target = opener;
    opener = null;
    // After the modal lets go of focus (its trap ends with this render); not when the opener
    // has gone (a Sign In button replaced by the account menu after signing in).
    if (target && target !== document.body) {
      window.setTimeout(() => {
        if (target.isConnected) target.focus({ preventScroll: true });
      }, 0);
    }
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
