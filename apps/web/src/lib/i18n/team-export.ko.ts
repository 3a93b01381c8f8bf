import type { teamExportEn } from './team-export.en';

/** Korean strings of the teams export and print view (merged into `ko` under `teamExport`). */
export const teamExportKo: typeof teamExportEn = {
  exportCsv: '팀 내보내기 (CSV)',
  exportCsvHint: '멤버마다 한 줄: 팀, 이름, 이메일, 리더 (스프레드시트용)',
  print: '팀 인쇄',
  printHint: '프린터나 프로젝터용으로 팀을 큰 카드로 보여 줍니다',
  pageTitle: '{{title}}: 팀',
  printButton: '인쇄',
  back: '워크스페이스로 돌아가기',
  team: '{{number}}팀',
  leader: '리더',
  memberCount: '{{count}}명',
  noMembers: '멤버 없음',
  withoutTeam: '팀 없음',
  empty: '아직 팀이 없습니다',
  emptyText: '워크스페이스에 팀이 생기면 여기에 표시됩니다.',
};
