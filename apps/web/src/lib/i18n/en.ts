/** English strings of the web app. `ko.ts` must provide the same keys (checked by the type). */
export const en = {
  common: {
    appName: 'Teamshuffle',
    loading: 'Loading…',
    tryAgain: 'Try again',
    backHome: 'Back to Home',
  },
  language: {
    label: 'Language',
    en: 'EN',
    ko: '한국어',
  },
  header: {
    homeLink: 'Teamshuffle home',
    toggleNavigation: 'Toggle navigation',
    toggleDarkMode: 'Toggle dark mode',
    notifications: 'Notifications',
    signIn: 'Sign In',
  },
  nav: {
    label: 'Main navigation',
    home: 'Home',
    workspaces: 'Workspaces',
    notifications: 'Notifications',
    contact: 'Contact',
    profile: 'Profile',
    signOut: 'Sign Out',
  },
  auth: {
    signInComingSoon: 'Sign-in is coming soon.',
  },
  pages: {
    app: 'Team Formation',
    results: 'Saved Results',
    workspaces: 'Workspaces',
    workspace: 'Workspace',
    notifications: 'Notifications',
    contact: 'Contact',
    profile: 'Profile',
    resetPassword: 'Reset Password',
    teamChat: 'Team Chat',
    notFound: 'Page not found',
  },
  comingSoon: {
    text: 'This page is coming soon.',
    hint: 'We are still building it. Meanwhile, everything else in the menu is ready to explore.',
  },
  notFound: {
    code: '404',
    title: 'Page not found',
    text: 'The page you are looking for does not exist or has been moved.',
    button: 'Go Back Home',
  },
  routeError: {
    title: 'Something went wrong',
    text: 'This page could not be displayed. Reloading usually helps.',
    reload: 'Reload page',
  },
  landing: {
    eyebrow: 'For classes, projects, study groups and workshops',
    title: 'Teamshuffle',
    pitch:
      'Form balanced random teams in seconds, then run the whole course or project from one shared workspace.',
    getStarted: 'Get Started',
    learnMore: 'Contact us',
    featuresTitle: 'Everything a team needs, from the first shuffle to the final grade',
    features: {
      shuffle: {
        title: 'Balanced random teams',
        text: 'Paste your names, pick the number of teams and shuffle. Keep fixed pairs together and lock teams that are already decided.',
      },
      share: {
        title: 'Save and share',
        text: 'Save a result under a name and turn it into a workspace with a link you can share with every member.',
      },
      course: {
        title: 'Lecture notes and grading',
        text: 'Publish weekly lecture notes, collect team submissions and assignments, and grade them in one place.',
      },
      comfort: {
        title: 'Dark mode, Korean and English',
        text: 'Work in the language and theme you prefer; Teamshuffle remembers both on this device.',
      },
    },
    stepsTitle: 'How it works',
    steps: {
      add: { title: 'Add members', text: 'Type names one by one or paste a whole list.' },
      shuffle: { title: 'Shuffle', text: 'Get evenly sized teams that respect your constraints.' },
      save: {
        title: 'Save and collaborate',
        text: 'Keep the result and work together in a workspace.',
      },
    },
  },
  contact: {
    title: 'Contact',
    intro:
      'Teamshuffle forms balanced random teams from a list of names and turns them into shared workspaces for courses, projects, study groups and workshops: lecture notes, submissions, assignments and grading in one place.',
    questions:
      'Questions, feedback or a problem to report? Write to us and we will get back to you.',
    emailLabel: 'Contact e-mail',
    loading: 'Loading contact details…',
    error: 'The contact details could not be loaded.',
  },
  teamChat: {
    workspaceId: 'Workspace ID',
    teamId: 'Team ID',
    comingSoon: '채팅 기능은 곧 제공될 예정입니다.',
  },
};

export type Translation = typeof en;
