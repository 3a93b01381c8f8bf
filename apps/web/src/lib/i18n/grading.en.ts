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
  previewFallback: 'This browser cannot show the file here.',
  download: 'Download {{name}} ({{size}})',
  noFileToShow: 'No file handed in to show.',
};
