import type { lateRulesEn } from './late-rules.en';

/** Korean strings of late rules and extensions (merged into `ko` under `lateRules`). */
export const lateRulesKo: typeof lateRulesEn = {
  form: {
    legend: '지각 제출',
    description: '마감 이후에 제출된 과제를 어떻게 처리할지 정합니다.',
    accept: '받고 지각 표시',
    acceptHint: '지각 제출을 받고 지각으로 표시합니다.',
    penalty: '감점하고 받기',
    penaltyHint: '지각한 날마다(하루가 시작될 때마다) 점수에서 일정 비율을 뺍니다.',
    close: '마감 시 닫기',
    closeHint: '마감 이후에는 제출을 받지 않습니다 (소유자는 팀을 대신해 제출할 수 있습니다).',
    percentLabel: '지각 하루당 감점 비율(%)',
    floorLabel: '최저 점수(받은 점수의 %)',
    floorHint: '점수는 받은 점수의 이 비율 아래로 내려가지 않습니다. 비워 두면 0입니다.',
    graceLabel: '유예 시간(분)',
    graceHint: '마감 후 이 시간 안에 제출하면 제시간 제출로 봅니다 (0~1440).',
  },
  validation: {
    percentRange: '{{min}}에서 {{max}} 사이의 정수 비율을 입력하세요',
    graceRange: '{{min}}에서 {{max}} 사이의 정수 분을 입력하세요',
    penaltyRequired: '지각 하루당 감점 비율을 입력하세요',
    penaltyOnly: '감점은 "감점하고 받기"에만 적용됩니다',
  },
  notice: {
    penalty:
      '마감 시간({{date}})이 지났습니다: 지각으로 표시되고 지각 하루당 점수의 {{perDay}}%가 감점됩니다 (현재 {{percent}}%).',
    closed: '마감 시간({{date}})이 지났습니다: 이 과제는 더 이상 제출을 받지 않습니다.',
    closedButton: '마감됨',
  },
  summary: {
    accept: '지각 제출을 받고 지각으로 표시합니다.',
    penalty: '지각 하루당 {{perDay}}% 감점합니다.',
    penaltyFloor:
      '지각 하루당 {{perDay}}% 감점하며, 받은 점수의 {{floor}}% 아래로는 내려가지 않습니다.',
    close: '마감 시 제출을 닫습니다.',
    grace: '유예 시간: {{minutes}}분.',
  },
  extension: {
    extend: '마감 연장',
    change: '연장 변경',
    extendedTo: '{{date}}까지 연장됨',
    yourDeadline: '내 마감: {{date}} (연장됨)',
    dialogTitle: '{{number}}팀의 마감 연장',
    dialogTitleMember: '{{name}}의 마감 연장',
    dueLabel: '새 마감 시간',
    dueHint: '원래 마감 시간({{date}})보다 늦어야 합니다.',
    save: '저장',
    remove: '연장 취소',
    cancel: '취소',
    saved: '마감을 연장했습니다.',
    removed: '연장을 취소했습니다.',
    failed: '연장을 저장하지 못했습니다.',
    pickDate: '새 마감 시간을 고르세요.',
    members: '구성원별 연장',
  },
  grade: {
    penalised: '{{score}} ({{original}} - 지각 {{percent}}%)',
  },
};
