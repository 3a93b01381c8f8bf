/** English strings of the teams export and print view (merged into `en` under `teamExport`). */
export const teamExportEn = {
  exportCsv: 'Export teams (CSV)',
  exportCsvHint: 'One row per member: team, name, e-mail and leader, for a spreadsheet',
  print: 'Print teams',
  printHint: 'The teams on large cards, for a printer or a projector',
  pageTitle: '{{title}}: teams',
  printButton: 'Print',
  back: 'Back to the workspace',
  team: 'Team {{number}}',
  leader: 'Leader',
  memberCount: '{{count}} members',
  noMembers: 'No members',
  withoutTeam: 'Not in a team',
  empty: 'No teams yet',
  emptyText: 'The teams appear here once the workspace has them.',
};
