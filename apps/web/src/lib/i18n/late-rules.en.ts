/**
 * English strings of late rules and extensions (issue 26, decision 0030), merged into `en` under
 * `lateRules`.
 */
export const lateRulesEn = {
  form: {
    legend: 'Late work',
    description: 'What happens to work handed in after the deadline.',
    accept: 'Accept and flag',
    acceptHint: 'Late work is taken and marked late.',
    penalty: 'Accept with a penalty',
    penaltyHint: 'Late work loses a percent of its grade per started day late.',
    close: 'Close at the deadline',
    closeHint: 'Nothing is taken after the deadline (the owner can still hand in for a team).',
    percentLabel: 'Percent off per day late',
    floorLabel: 'Floor (percent of the grade)',
    floorHint: 'The grade never goes below this percent of the grade given; empty for 0.',
    graceLabel: 'Grace period (minutes)',
    graceHint: 'Work handed in this long after the deadline still counts as on time (0 to 1440).',
  },
  validation: {
    percentRange: 'Enter a whole percent from {{min}} to {{max}}',
    graceRange: 'Enter whole minutes from {{min}} to {{max}}',
    penaltyRequired: 'Enter the percent taken off per day late',
    penaltyOnly: 'A penalty applies only to "Accept with a penalty"',
  },
  notice: {
    penalty:
      'The deadline ({{date}}) has passed: your work will be marked late and lose {{perDay}}% of its grade per day late ({{percent}}% now).',
    closed: 'The deadline ({{date}}) has passed: this task is closed to hand-ins.',
    closedButton: 'Closed',
  },
  summary: {
    accept: 'Late work is accepted and marked late.',
    penalty: 'Late work loses {{perDay}}% per day late.',
    penaltyFloor: 'Late work loses {{perDay}}% per day late, down to {{floor}}% of the grade.',
    close: 'Closes at the deadline.',
    grace: 'Grace period: {{minutes}} min.',
  },
  extension: {
    extend: 'Extend deadline',
    change: 'Change extension',
    extendedTo: 'Extended to {{date}}',
    yourDeadline: 'Your deadline: {{date}} (extended)',
    dialogTitle: 'Extend the deadline for Team {{number}}',
    dialogTitleMember: 'Extend the deadline for {{name}}',
    dueLabel: 'New deadline',
    dueHint: 'Later than the deadline, {{date}}.',
    save: 'Save',
    remove: 'Remove extension',
    cancel: 'Cancel',
    saved: 'Deadline extended.',
    removed: 'Extension removed.',
    failed: 'The extension could not be saved.',
    pickDate: 'Choose the new deadline.',
    members: 'Extensions for members',
  },
  grade: {
    penalised: '{{score}} ({{original}} - {{percent}}% late)',
  },
};
