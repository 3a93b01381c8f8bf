/** English strings of the Notifications area (merged into `en` under `notifications`). */
export const notificationsEn = {
  title: 'Notifications',
  intro: 'New assignments, submissions, reminders and announcements, newest first.',
  // The header bell and the side menu's badge (spec part 1, section 2).
  bell: {
    label: 'Notifications',
    labelUnread_one: 'Notifications, {{count}} unread',
    labelUnread_other: 'Notifications, {{count}} unread',
  },
  unreadCount_one: '{{count}} unread',
  unreadCount_other: '{{count}} unread',
  counts: {
    label: 'Notification counts',
    total: 'Total',
    unread: 'Unread',
    read: 'Read',
  },
  listLabel: 'Your notifications',
  loading: 'Loading notifications…',
  empty: 'No notifications yet',
  emptyHint: 'New assignments, submissions and announcements will show up here.',
  loadMore: 'Load More',
  viewAll: 'View all notifications',
  unread: 'Unread',
  // The spec's wording (part 1, section 8).
  markAllRead: 'Mark All Read',
  allMarked: 'All notifications marked as read',
  markAllFailed: 'Failed to mark all notifications as read',
  markRead: 'Mark as read',
  marked: 'Notification marked as read',
  markFailed: 'Failed to mark notification as read',
  loadFailed: 'Failed to load notifications',
  signIn: {
    title: 'Please log in to view notifications',
    text: 'Sign in to see what happened in your workspaces.',
    button: 'Sign In',
  },
  verify: {
    title: 'Email Verification Required',
    text: 'Please verify your email address to see your notifications.',
  },
  types: {
    assignment_created: 'New assignment',
    assignment_submitted: 'Submission',
    assignment_deadline_reminder: 'Deadline reminder',
    team_member_joined: 'Member joined',
    workspace_invited: 'Workspace invitation',
    storage_warning: 'Storage warning',
    system_announcement: 'Announcement',
    workspace_join_requested: 'Join request',
    workspace_join_approved: 'Joined',
    workspace_join_rejected: 'Join request declined',
    submission_graded: 'Graded',
    peer_evaluation_reminder: 'Peer evaluation reminder',
    peer_evaluation_released: 'Peer evaluation results',
    generic: 'Notification',
  },
  // Each kind of notification's words (decision 0041: the server sends which words and their
  // values; the reader's app writes them in its language). The same English as the server's
  // stored title and message, but for a peer evaluation's end, written in the reader's zone.
  // {{team}} is a team's number; dates come written in the reader's language.
  words: {
    assignmentCreated: {
      title: 'New assignment: {{assignment}}',
      message: 'A new assignment was posted in your workspace.',
    },
    taskPublished: { title: 'New task: {{task}}', message: '{{note}} has a task to hand in.' },
    teamSubmitted: {
      title: 'Team {{team}} submitted {{work}}',
      message: 'Team {{team}} handed in work for {{work}}.',
    },
    memberSubmitted: {
      title: '{{member}} submitted {{work}}',
      message: '{{member}} (Team {{team}}) handed in work for {{work}}.',
    },
    storageHigh: {
      title: 'Storage usage is high',
      message: 'Your files take {{percent}}% of your storage.',
    },
    rosterJoined: {
      title: 'You are in {{workspace}}',
      message: 'Your e-mail is on the roster of {{workspace}}.',
    },
    rosterMemberJoined: {
      title: '{{name}} joined {{workspace}}',
      message: '{{name}} ({{email}}) now has an account.',
    },
    linkJoined: {
      title: '{{name}} joined {{workspace}}',
      message: 'They claimed the name {{member}} with the join link.',
    },
    joinRequested: {
      title: '{{name}} asked to join {{workspace}}',
      message: 'They picked the name {{member}}. Approve or reject the request on the join page.',
    },
    joinApproved: {
      title: 'You joined {{workspace}}',
      message: 'Your teacher approved you as {{member}}.',
    },
    joinDeclined: {
      title: 'Your request to join {{workspace}} was declined',
      message: 'You asked for the name {{member}}. Ask your teacher if this is a mistake.',
    },
    graded: { title: 'Graded: {{work}}', message: 'Your work for {{work}} was graded.' },
    teamGraded: {
      title: 'Graded: {{work}}',
      message: "Team {{team}}'s work for {{work}} was graded.",
    },
    peerResults: {
      title: 'Peer evaluation results: {{evaluation}}',
      message: 'Your result of {{evaluation}} in {{workspace}} is ready to see.',
    },
    peerToAnswer: {
      title: 'Peer evaluation to answer: {{evaluation}}',
      message: 'Please rate yourself and your teammates in {{evaluation}} before {{endsAt}}.',
    },
    deadlineDue: {
      title: 'Due {{dueAt}}: {{work}}',
      message: 'You have not handed in {{work}} yet. The deadline is {{dueAt}}.',
    },
    teamDeadlineDue: {
      title: 'Due {{dueAt}}: {{work}}',
      message: 'Team {{team}} has not handed in {{work}} yet. The deadline is {{dueAt}}.',
    },
    invited: {
      title: 'You are invited to {{workspace}}',
      message: '{{owner}} added your e-mail address to {{workspace}}.',
    },
  },
  // A deadline reminder's line (issue 26): the deadline in the reader's language and zone.
  reminder: {
    due: 'Not handed in · due {{deadline}}',
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
  // The profile's e-mail choices (issue 13: off by default; reminders, issue 26: none by default).
  email: {
    title: 'E-mail Notifications',
    label: 'Also e-mail me new assignments',
    description: 'Sent to {{email}}. Everything else stays in the bell.',
    loading: 'Loading your notification settings…',
    loadFailed: 'Failed to load your notification settings.',
    on: 'You will get e-mails for new assignments.',
    off: 'You will no longer get e-mails for new assignments.',
    failed: 'Failed to update your notification settings. Please try again.',
    reminders: {
      label: 'Deadline reminders by e-mail',
      description:
        'Reminders of work you have not handed in always appear in the bell; choose whether they are also e-mailed.',
      immediate: 'Each reminder at once',
      digest: 'One daily digest (after midnight UTC)',
      none: 'No e-mail',
      saved: {
        immediate: 'Deadline reminders will be e-mailed at once.',
        digest: 'Deadline reminders will be e-mailed in one daily digest.',
        none: 'Deadline reminders will not be e-mailed.',
      },
    },
  },
};
