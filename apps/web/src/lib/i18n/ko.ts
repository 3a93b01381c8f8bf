import type { Translation } from './en';

/** Korean strings of the web app. */
export const ko: Translation = {
  common: {
    appName: 'Teamshuffle',
    loading: '불러오는 중…',
    tryAgain: '다시 시도',
    backHome: '홈으로',
  },
  language: {
    label: '언어',
    en: 'EN',
    ko: '한국어',
  },
  header: {
    homeLink: 'Teamshuffle 홈',
    toggleNavigation: '메뉴 열기/닫기',
    toggleDarkMode: '다크 모드 전환',
    notifications: '알림',
    signIn: '로그인',
  },
  nav: {
    label: '주 메뉴',
    home: '홈',
    workspaces: '워크스페이스',
    notifications: '알림',
    contact: '문의',
    profile: '프로필',
    signOut: '로그아웃',
  },
  auth: {
    signInComingSoon: '로그인 기능은 곧 제공될 예정입니다.',
  },
  pages: {
    app: '팀 구성',
    results: '저장된 결과',
    workspaces: '워크스페이스',
    workspace: '워크스페이스',
    notifications: '알림',
    contact: '문의',
    profile: '프로필',
    resetPassword: '비밀번호 재설정',
    teamChat: '팀 채팅',
    notFound: '페이지를 찾을 수 없습니다',
  },
  comingSoon: {
    text: '이 페이지는 곧 제공될 예정입니다.',
    hint: '아직 준비 중입니다. 그동안 메뉴의 다른 기능을 둘러보세요.',
  },
  notFound: {
    code: '404',
    title: '페이지를 찾을 수 없습니다',
    text: '찾으시는 페이지가 없거나 다른 곳으로 옮겨졌습니다.',
    button: '홈으로 돌아가기',
  },
  routeError: {
    title: '문제가 발생했습니다',
    text: '페이지를 표시할 수 없습니다. 새로고침하면 대부분 해결됩니다.',
    reload: '새로고침',
  },
  landing: {
    eyebrow: '수업, 프로젝트, 스터디, 워크숍을 위한 팀 구성',
    title: 'Teamshuffle',
    pitch:
      '몇 초 만에 균형 잡힌 랜덤 팀을 만들고, 하나의 공유 워크스페이스에서 수업과 프로젝트 전체를 운영하세요.',
    getStarted: '시작하기',
    learnMore: '문의하기',
    featuresTitle: '첫 팀 구성부터 최종 평가까지, 팀에 필요한 모든 것',
    features: {
      shuffle: {
        title: '균형 잡힌 랜덤 팀',
        text: '이름을 붙여 넣고 팀 수를 정한 뒤 섞으세요. 고정 짝은 함께 두고, 이미 정해진 팀은 잠글 수 있습니다.',
      },
      share: {
        title: '저장하고 공유하기',
        text: '결과에 이름을 붙여 저장하고, 모든 멤버와 공유할 수 있는 링크가 있는 워크스페이스로 만드세요.',
      },
      course: {
        title: '강의 노트와 채점',
        text: '주차별 강의 노트를 올리고, 팀 제출물과 과제를 받고, 한곳에서 채점하세요.',
      },
      comfort: {
        title: '다크 모드, 한국어와 영어',
        text: '원하는 언어와 테마로 작업하세요. 이 기기에서 두 설정 모두 기억합니다.',
      },
    },
    stepsTitle: '사용 방법',
    steps: {
      add: { title: '멤버 추가', text: '이름을 하나씩 입력하거나 목록을 한 번에 붙여 넣으세요.' },
      shuffle: { title: '섞기', text: '조건을 지키면서 인원이 고른 팀을 만듭니다.' },
      save: {
        title: '저장하고 협업하기',
        text: '결과를 저장하고 워크스페이스에서 함께 작업하세요.',
      },
    },
  },
  contact: {
    title: '문의',
    intro:
      'Teamshuffle은 이름 목록으로 균형 잡힌 랜덤 팀을 만들고, 이를 수업, 프로젝트, 스터디, 워크숍을 위한 공유 워크스페이스로 바꿔 줍니다. 강의 노트, 제출물, 과제, 채점을 한곳에서 관리하세요.',
    questions: '질문, 의견 또는 신고할 문제가 있으신가요? 이메일을 보내 주시면 답변드리겠습니다.',
    emailLabel: '문의 이메일',
    loading: '연락처 정보를 불러오는 중…',
    error: '연락처 정보를 불러오지 못했습니다.',
  },
  teamChat: {
    workspaceId: '워크스페이스 ID',
    teamId: '팀 ID',
    comingSoon: '채팅 기능은 곧 제공될 예정입니다.',
  },
};
