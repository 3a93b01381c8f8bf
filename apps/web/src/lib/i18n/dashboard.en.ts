/** English strings of the Dashboard area (merged into `en` under `dashboard`). */
export const dashboardEn = {
  title: 'Dashboard',
  welcome: 'Welcome back, {{name}}!',
  intro: 'Here is what is happening in your teams and workspaces.',
  // spec part 1, section 2: the main button reads 'Launch App' when signed in.
  launchApp: 'Launch App',
  loadFailed: 'Failed to load your dashboard',
  retry: 'Try again',
  stats: {
    title: 'Your figures',
    workspacesCreated: 'Workspaces created',
    workspacesJoined: 'Workspaces joined',
    savedResults: 'Saved results',
    unreadNotifications: 'Unread notifications',
  },
  activity: {
    title: 'Recent Activity',
    empty:
      'No activity yet. Lecture notes, assignments, submissions and grades in your workspaces show up here.',
    kinds: {
      note: 'Lecture note',
      assignment: 'Assignment',
      submission: 'Submission',
      evaluation: 'Evaluation',
    },
    team: 'Team {{number}}',
  },
  notifications: {
    title: 'Recent Notifications',
    viewAll: 'View all',
    viewAllLabel: 'View all notifications',
    empty: 'No notifications yet',
  },
  actions: {
    title: 'Quick Actions',
    newTeam: { title: 'New Team', text: 'Shuffle members into balanced teams.' },
    results: { title: 'Saved Results', text: 'Open the teams you saved.' },
    workspaces: { title: 'My Workspaces', text: 'Go to the teams you created or joined.' },
    notifications: { title: 'Notifications', text: 'Read what happened lately.' },
    settings: { title: 'Settings', text: 'Configure your preferences.' },
    comingSoon: 'Coming soon',
  },
  time: {
    justNow: 'Just now',
    minutes_one: '{{count}} minute ago',
    minutes_other: '{{count}} minutes ago',
    hours_one: '{{count}} hour ago',
    hours_other: '{{count}} hours ago',
    days_one: '{{count}} day ago',
    days_other: '{{count}} days ago',
  },
};
