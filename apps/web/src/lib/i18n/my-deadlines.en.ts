/** English strings of "Due soon" and the calendar feed (merged into `en` under `myDeadlines`). */
export const myDeadlinesEn = {
  dueSoon: {
    title: 'Due soon',
    loading: 'Loading your deadlines…',
    loadFailed: 'Could not load your deadlines',
    empty: 'Nothing due in the next 60 days',
    kinds: { assignment: 'Assignment', task: 'Task' },
    due: 'Due {{date}}',
    overdue: 'Was due {{date}}',
    handedInCount: '{{handedIn}}/{{expected}} handed in',
    states: {
      not_handed_in: 'Not handed in',
      handed_in: 'Handed in',
      late: 'Late',
      graded: 'Graded',
    },
  },
  feed: {
    title: 'Calendar feed',
    explanation:
      'A private address of every deadline in your courses. Google Calendar, Outlook and Apple Calendar can subscribe to it ("From URL" / "Subscribe to calendar") and keep it up to date.',
    secret: 'Anyone with the address can see your deadlines: keep it to yourself.',
    language:
      'Its events are written in the language the app shows when you make the address. To change it, make a new address.',
    loading: 'Checking your calendar feed…',
    loadFailed: 'Could not check your calendar feed',
    off: 'You have no calendar feed.',
    on: 'Your calendar feed is on since {{date}}.',
    create: 'Create calendar feed',
    urlLabel: 'Your calendar feed address',
    urlOnce: 'Copy it now: for your safety it is shown only this once.',
    copy: 'Copy address',
    copied: 'Copied',
    regenerate: 'New address',
    turnOff: 'Turn off',
    confirmTitle: 'Make a new address?',
    confirmText:
      'The old address stops working at once: calendars subscribed to it will no longer update until you subscribe them to the new one.',
    confirm: 'Make a new address',
    cancel: 'Cancel',
    turnOffTitle: 'Turn off the calendar feed?',
    turnOffText: 'Its address stops working at once. You can make a new one later.',
    turnOffConfirm: 'Turn off',
    created: 'Calendar feed address made',
    turnedOff: 'Calendar feed turned off',
    failed: 'Could not change your calendar feed. Please try again.',
  },
};
