import type { gradingEn } from './grading.en';

/** Korean strings of the grading actions (merged into `ko` under `grading`). */
export const gradingKo: typeof gradingEn = {
  feedbackOnly: '피드백만',
  byOwner: '소유자가 대신 제출',
  noSubmission: '제출 없음',
  noSubmissionLabel: '{{number}}팀을 "제출 없음"으로 평가',
  noSubmissionHint: '제출물이 없습니다: 의도적으로 평가하려면 켜세요.',
  emptyMeansNoScore:
    '점수를 비우면 피드백만 저장됩니다. 최대 점수를 넘는 점수는 그 행의 오류입니다.',
  preview: '제출한 작업',
  previewFallback: '이 파일은 여기에 표시할 수 없습니다. 아래 링크에서 다운로드하세요.',
  pdfLoading: '{{name}} 여는 중…',
  pdfPageLabel: '{{name}}, {{pages}}쪽 중 {{page}}쪽',
  pdfPageOf: '{{pages}}쪽 중 {{page}}쪽',
  pdfPrevious: '이전 쪽',
  pdfNext: '다음 쪽',
  download: '{{name}} 다운로드 ({{size}})',
  noFileToShow: '표시할 제출 파일이 없습니다.',
  handInFor: '{{number}}팀 대신 제출',
  handInForNote:
    '{{number}}팀을 대신해 제출합니다. 소유자가 대신 제출한 것으로 기록되며, 팀에도 그렇게 표시됩니다.',
  handInForSubmit: '{{number}}팀으로 제출',
  handedInFor: '{{number}}팀 대신 제출했습니다.',
};
