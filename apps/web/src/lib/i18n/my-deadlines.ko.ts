import type { myDeadlinesEn } from './my-deadlines.en';

/** Korean strings of "Due soon" and the calendar feed (merged into `ko` under `myDeadlines`). */
export const myDeadlinesKo: typeof myDeadlinesEn = {
  dueSoon: {
    title: '다가오는 마감',
    loading: '마감 일정을 불러오는 중…',
    loadFailed: '마감 일정을 불러오지 못했습니다',
    empty: '앞으로 60일 동안 마감이 없습니다',
    kinds: { assignment: '과제', task: '노트 과제' },
    due: '마감 {{date}}',
    overdue: '마감 지남 {{date}}',
    handedInCount: '{{expected}}개 중 {{handedIn}}개 제출',
    states: {
      not_handed_in: '미제출',
      handed_in: '제출 완료',
      late: '지각 제출',
      graded: '채점 완료',
    },
  },
  feed: {
    title: '캘린더 피드',
    explanation:
      '내 수업의 모든 마감을 담은 비공개 주소입니다. Google 캘린더, Outlook, Apple 캘린더에서 이 주소를 구독하면("URL로 추가" / "캘린더 구독") 자동으로 최신 상태가 유지됩니다.',
    secret: '주소를 아는 사람은 누구나 내 마감 일정을 볼 수 있으니 다른 사람과 공유하지 마세요.',
    language:
      '일정은 주소를 만들 때 앱에 표시된 언어로 작성됩니다. 언어를 바꾸려면 새 주소를 만드세요.',
    loading: '캘린더 피드를 확인하는 중…',
    loadFailed: '캘린더 피드를 확인하지 못했습니다',
    off: '캘린더 피드가 없습니다.',
    on: '{{date}}부터 캘린더 피드를 사용 중입니다.',
    create: '캘린더 피드 만들기',
    urlLabel: '내 캘린더 피드 주소',
    urlOnce: '지금 복사하세요. 보안을 위해 이번 한 번만 표시됩니다.',
    copy: '주소 복사',
    copied: '복사됨',
    regenerate: '새 주소 만들기',
    turnOff: '끄기',
    confirmTitle: '새 주소를 만들까요?',
    confirmText:
      '이전 주소는 즉시 작동하지 않습니다. 이전 주소를 구독한 캘린더는 새 주소로 다시 구독할 때까지 업데이트되지 않습니다.',
    confirm: '새 주소 만들기',
    cancel: '취소',
    turnOffTitle: '캘린더 피드를 끌까요?',
    turnOffText: '주소가 즉시 작동하지 않습니다. 나중에 새 주소를 만들 수 있습니다.',
    turnOffConfirm: '끄기',
    created: '캘린더 피드 주소를 만들었습니다',
    turnedOff: '캘린더 피드를 껐습니다',
    failed: '캘린더 피드를 변경하지 못했습니다. 다시 시도해 주세요.',
  },
};
