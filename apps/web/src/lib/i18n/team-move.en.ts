/** English strings of moving members by hand on /app (merged into `en` under `teamMove`). */
export const teamMoveEn = {
  // The button on each member of a result, and its menu.
  moveButton: 'Move {{name}} to another team',
  menuLabel: 'Move {{name}} to',
  team: 'Team {{number}}',
  undo: 'Undo move',
  undoHint: 'Undo the last move (Ctrl+Z)',
  handAdjusted: 'Adjusted by hand',
  handAdjustedHint:
    'Members were moved after the shuffle; the seed replays the teams before the moves.',
  unevenMoved: 'After the moves by hand, team sizes differ by more than one.',
  dragHint: 'Drag a member onto another team, or use the arrow button next to a name.',
  // What a move would break, shown before it is made (menu item, team dragged over).
  breaks: {
    fixedPairSplit: 'Splits the fixed pair with {{partner}}',
    lockedTeamSplit: 'Splits the locked team with {{others}}',
    lockedTeamsJoined: 'Joins the locked team of {{others}}',
    keepApartJoined: 'Puts them with {{partner}} (kept apart)',
    uneven: 'Team sizes would differ by {{after}}',
  },
  refusals: {
    emptiesTeam: 'Team {{number}} would be empty',
  },
  dropHere: 'Move {{name}} here',
  dropHereWarning: 'Move {{name}} here? This breaks:',
  // The confirmation of a move that breaks something.
  confirm: {
    title: 'Move {{name}} to Team {{number}}?',
    intro: 'This move breaks:',
    fixedPairSplit: 'The fixed pair of {{member}} and {{partner}}: the pair is removed.',
    lockedTeamSplit:
      'The locked team of {{member}} with {{others}}: {{member}} leaves it, the others stay locked together.',
    lockedTeamsJoined:
      '{{member}} is in a locked team and would join the locked team of {{others}}: {{member}} leaves their locked team.',
    keepApartJoined: '{{member}} and {{partner}} are kept apart: the keep-apart pair is removed.',
    uneven: 'Even sizes: team sizes would differ by {{after}} (now {{before}}).',
    undoNote: 'You can undo the move afterwards.',
    cancel: 'Cancel',
    submit: 'Move anyway',
  },
  // Said by the live region (screen readers).
  announce: {
    moved: '{{name}} moved to Team {{number}}.',
    undone: 'Move undone: {{name}} is back in Team {{number}}.',
    picked: 'Picked up {{name}}.',
    over: '{{name}} is over Team {{number}}.',
    overWarning: '{{name}} is over Team {{number}}. Moving here: {{breaks}}.',
    cancelled: '{{name}} was not moved.',
  },
  dragInstructions:
    'Drag a member with the mouse or a long press onto another team. With the keyboard, use the Move button next to the name.',
};
