/** A quick-action card of the dashboard: a page to go to, or (Settings) one not there yet. */
export interface QuickAction {
  key: 'newTeam' | 'results' | 'workspaces' | 'notifications' | 'settings';
  /** Null for a card shown disabled. */
  to: string | null;
}

// spec part 1, section 2: quick actions, one of them (Settings/Configure) disabled.
export const QUICK_ACTIONS: readonly QuickAction[] = [
  { key: 'newTeam', to: '/app' },
  { key: 'results', to: '/results' },
  { key: 'workspaces', to: '/workspaces' },
  { key: 'notifications', to: '/notifications' },
  { key: 'settings', to: null },
];
