/** English strings of the grading actions (issue 25, decision 0025; merged into `en` under `grading`). */
export const gradingEn = {
  feedbackOnly: 'Feedback only',
  byOwner: 'handed in by the owner',
  noSubmission: 'No submission',
  noSubmissionLabel: 'Grade Team {{number}} as "No submission"',
  noSubmissionHint: 'Nothing handed in: switch on to grade it on purpose.',
  emptyMeansNoScore:
    'An empty score saves the feedback only; a score above the maximum is an error on its row.',
  preview: 'Submitted work',
  previewFallback: 'This file cannot be shown here. Download it below.',
  pdfLoading: 'Opening {{name}}…',
  pdfPageLabel: '{{name}}, page {{page}} of {{pages}}',
  pdfPageOf: 'Page {{page}} of {{pages}}',
  pdfPrevious: 'Previous page',
  pdfNext: 'Next page',
  download: 'Download {{name}} ({{size}})',
  noFileToShow: 'No file handed in to show.',
  // The owner hands in on a team's behalf (issue 25; spec part 2, section 6).
  handInFor: 'Hand in for Team {{number}}',
  handInForNote:
    "You are handing in on Team {{number}}'s behalf. It will be recorded as handed in by the owner, and the team will see it marked so.",
  handInForSubmit: 'Submit for Team {{number}}',
  handedInFor: 'Handed in for Team {{number}}.',
};
