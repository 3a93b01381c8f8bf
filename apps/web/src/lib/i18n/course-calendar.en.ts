/** English strings of the course calendar (issue 26; merged into `en` under `courseCalendar`). */
export const courseCalendarEn = {
  settings: {
    title: 'Course calendar',
    hint: 'Weeks of lecture notes count from the first day of the semester, and every date in this workspace is shown in its time zone.',
    semesterStart: 'First day of the semester',
    semesterStartHint: 'Week 1 starts on this day.',
    timeZone: 'Time zone',
    timeZoneHint: 'Dates and deadlines in this workspace are shown in this zone.',
    timeZoneSearch: 'Search a time zone',
    nothingFound: 'No time zone matches',
    reminderHours: 'Reminder before a deadline (hours)',
    reminderHoursHint: '0 turns reminders off; at most 168 (a week).',
    save: 'Save calendar',
    saved: 'Course calendar saved',
    unchanged: 'Nothing changed',
    failed: 'Could not save the course calendar',
    todayWeek: 'Today is in week {{week}}.',
    todayOutside: 'Today falls outside weeks 1-20 of this semester.',
  },
  errors: {
    date: 'Enter a date as YYYY-MM-DD',
    timeZone: 'Choose a time zone from the list',
    hours: 'Enter whole hours from 0 to 168',
  },
  week: {
    outside: 'This date falls outside weeks 1-20 of the semester',
  },
  zone: {
    shownIn: 'Times in {{zone}}',
  },
};
