import type { courseCalendarEn } from './course-calendar.en';

/** Korean strings of the course calendar (issue 26; merged into `ko` under `courseCalendar`). */
export const courseCalendarKo: typeof courseCalendarEn = {
  settings: {
    title: '학기 일정',
    hint: '강의 노트의 주차는 학기 첫날부터 셉니다. 이 워크스페이스의 모든 날짜는 이 시간대로 표시됩니다.',
    semesterStart: '학기 첫날',
    semesterStartHint: '1주차가 이 날 시작합니다.',
    timeZone: '시간대',
    timeZoneHint: '이 워크스페이스의 날짜와 마감은 이 시간대로 표시됩니다.',
    timeZoneSearch: '시간대 검색',
    nothingFound: '일치하는 시간대가 없습니다',
    reminderHours: '마감 전 알림 (시간)',
    reminderHoursHint: '0이면 알림을 보내지 않습니다. 최대 168시간(1주)입니다.',
    save: '일정 저장',
    saved: '학기 일정을 저장했습니다',
    unchanged: '변경된 내용이 없습니다',
    failed: '학기 일정을 저장하지 못했습니다',
    todayWeek: '오늘은 {{week}}주차입니다.',
    todayOutside: '오늘은 이 학기의 1-20주차 밖입니다.',
  },
  errors: {
    date: '날짜를 YYYY-MM-DD 형식으로 입력하세요',
    timeZone: '목록에서 시간대를 고르세요',
    hours: '0에서 168 사이의 정수 시간을 입력하세요',
  },
  week: {
    outside: '이 날짜는 학기의 1-20주차 밖입니다',
  },
  zone: {
    shownIn: '시간은 {{zone}} 기준',
  },
};
