import type { teamMoveEn } from './team-move.en';

/** Korean strings of moving members by hand on /app (merged into `ko` under `teamMove`). */
export const teamMoveKo: typeof teamMoveEn = {
  moveButton: '{{name}} 님을 다른 팀으로 이동',
  menuLabel: '{{name}} 님을 이동할 팀',
  team: '{{number}}팀',
  undo: '이동 취소',
  undoHint: '마지막 이동 되돌리기 (Ctrl+Z)',
  handAdjusted: '직접 조정됨',
  handAdjustedHint: '섞은 뒤 멤버를 직접 옮겼습니다. 시드는 옮기기 전의 팀을 다시 만듭니다.',
  unevenMoved: '직접 옮긴 뒤 팀 인원 차이가 한 명보다 큽니다.',
  dragHint: '멤버를 다른 팀으로 끌어다 놓거나, 이름 옆의 화살표 버튼을 사용하세요.',
  breaks: {
    fixedPairSplit: '{{partner}} 님과의 고정 페어가 나뉩니다',
    lockedTeamSplit: '{{others}} 님과의 고정 팀이 나뉩니다',
    lockedTeamsJoined: '{{others}} 님의 고정 팀과 합쳐집니다',
    keepApartJoined: '분리 페어인 {{partner}} 님과 같은 팀이 됩니다',
    uneven: '팀 인원 차이가 {{after}}명이 됩니다',
  },
  refusals: {
    emptiesTeam: '{{number}}팀이 비게 됩니다',
  },
  dropHere: '{{name}} 님을 여기로 이동',
  dropHereWarning: '{{name}} 님을 여기로 옮길까요? 다음 조건이 깨집니다:',
  confirm: {
    title: '{{name}} 님을 {{number}}팀으로 옮길까요?',
    intro: '이 이동으로 다음 조건이 깨집니다:',
    fixedPairSplit: '{{member}} 님과 {{partner}} 님의 고정 페어: 페어가 삭제됩니다.',
    lockedTeamSplit:
      '{{member}} 님과 {{others}} 님의 고정 팀: {{member}} 님이 빠지고 나머지는 함께 고정됩니다.',
    lockedTeamsJoined:
      '고정 팀에 속한 {{member}} 님이 {{others}} 님의 고정 팀과 합쳐집니다: {{member}} 님은 원래 고정 팀에서 빠집니다.',
    keepApartJoined: '{{member}} 님과 {{partner}} 님은 분리 페어입니다: 분리 페어가 삭제됩니다.',
    uneven: '균등한 인원: 팀 인원 차이가 {{after}}명이 됩니다 (현재 {{before}}명).',
    undoNote: '이동한 뒤에도 되돌릴 수 있습니다.',
    cancel: '취소',
    submit: '그래도 이동',
  },
  announce: {
    moved: '{{name}} 님이 {{number}}팀으로 이동했습니다.',
    undone: '이동을 취소했습니다: {{name}} 님이 다시 {{number}}팀에 있습니다.',
    picked: '{{name}} 님을 집었습니다.',
    over: '{{name}} 님이 {{number}}팀 위에 있습니다.',
    overWarning: '{{name}} 님이 {{number}}팀 위에 있습니다. 여기로 옮기면: {{breaks}}.',
    cancelled: '{{name}} 님을 옮기지 않았습니다.',
  },
  dragInstructions:
    '마우스나 길게 누르기로 멤버를 다른 팀으로 끌어다 놓으세요. 키보드에서는 이름 옆의 이동 버튼을 사용하세요.',
};
