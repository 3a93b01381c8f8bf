/** English strings of the owner's Invitations panel (merged into `en` under `invitations`). */
export const invitationsEn = {
  title: 'Invitations',
  intro:
    'Each e-mail you add to the roster gets an invitation in your language. Students who have an account with that address have joined.',
  empty: 'No member has an e-mail address yet. Add them with Manage Emails.',
  loadFailed: 'The invitations could not be loaded.',
  tableLabel: 'Invitations by member',
  columns: {
    member: 'Member',
    email: 'E-mail',
    status: 'Status',
    actions: 'Actions',
  },
  team: 'Team {{number}}',
  noTeam: 'No team',
  status: {
    joined: 'Joined',
    queued: 'Sending…',
    sent: 'Invited: mail sent',
    failed: 'Invited: mail failed',
    not_sent: 'Invited: not sent',
  },
  sentAt: 'Sent {{when}}',
  resend: 'Resend',
  resendTo: 'Resend the invitation to {{name}}',
  resendAfter: 'You can send it again after {{time}}.',
  resendAll: 'Resend to all pending',
  resendAllHint: 'Everyone who has not joined and was not mailed in the last 10 minutes',
  resent: 'Invitation sent again.',
  resentAll_one: '{{count}} invitation sent again.',
  resentAll_other: '{{count}} invitations sent again.',
  skipped: '{{count}} skipped: mailed less than 10 minutes ago.',
  errors: {
    recentlySent:
      'An invitation was sent less than {{minutes}} minutes ago. Please wait before sending it again.',
    dailyLimit:
      'Your workspaces have sent {{limit}} invitations in the last 24 hours, the most a day. Please send the rest tomorrow.',
    alreadyJoined: 'This member has already joined. There is nothing to resend.',
    notFound: 'This member is no longer on the roster or has no e-mail address.',
    failed: 'The invitation could not be sent. Please try again.',
  },
};
