import type { dashboardEn } from './dashboard.en';

/** Korean strings of the Dashboard area (merged into `ko` under `dashboard`). */
export const dashboardKo: typeof dashboardEn = {
  title: '대시보드',
  welcome: '다시 오신 것을 환영합니다, {{name}}님!',
  intro: '내 팀과 워크스페이스의 최근 소식입니다.',
  launchApp: '앱 실행',
  loadFailed: '대시보드를 불러오지 못했습니다',
  retry: '다시 시도',
  stats: {
    title: '내 현황',
    workspacesCreated: '만든 워크스페이스',
    workspacesJoined: '참여한 워크스페이스',
    savedResults: '저장된 결과',
    unreadNotifications: '읽지 않은 알림',
  },
  activity: {
    title: '최근 활동',
    empty: '아직 활동이 없습니다. 워크스페이스의 강의 노트, 과제, 제출, 평가가 여기에 표시됩니다.',
    kinds: {
      note: '강의 노트',
      assignment: '과제',
      submission: '제출',
      evaluation: '평가',
    },
    team: '{{number}}팀',
  },
  notifications: {
    title: '최근 알림',
    viewAll: '모두 보기',
    viewAllLabel: '알림 모두 보기',
    empty: '아직 알림이 없습니다',
  },
  actions: {
    title: '바로 가기',
    newTeam: { title: '새 팀', text: '멤버를 균형 잡힌 팀으로 섞습니다.' },
    results: { title: '저장된 결과', text: '저장한 팀을 엽니다.' },
    workspaces: { title: '내 워크스페이스', text: '만들었거나 참여한 팀으로 이동합니다.' },
    notifications: { title: '알림', text: '최근 소식을 확인합니다.' },
    settings: { title: '설정', text: '환경설정을 구성합니다.' },
    comingSoon: '준비 중',
  },
  time: {
    justNow: '방금 전',
    minutes_one: '{{count}}분 전',
    minutes_other: '{{count}}분 전',
    hours_one: '{{count}}시간 전',
    hours_other: '{{count}}시간 전',
    days_one: '{{count}}일 전',
    days_other: '{{count}}일 전',
  },
};
