import type { notificationsEn } from './notifications.en';

/** Korean strings of the Notifications area (merged into `ko` under `notifications`). */
export const notificationsKo: typeof notificationsEn = {
  title: '알림',
  intro: '새 과제, 제출, 마감 알림과 공지를 최신순으로 보여 줍니다.',
  bell: {
    label: '알림',
    labelUnread_one: '알림, 읽지 않음 {{count}}개',
    labelUnread_other: '알림, 읽지 않음 {{count}}개',
  },
  unreadCount_one: '읽지 않음 {{count}}개',
  unreadCount_other: '읽지 않음 {{count}}개',
  counts: {
    label: '알림 개수',
    total: '전체',
    unread: '읽지 않음',
    read: '읽음',
  },
  listLabel: '내 알림',
  loading: '알림을 불러오는 중…',
  empty: '아직 알림이 없습니다',
  emptyHint: '새 과제, 제출, 공지가 여기에 표시됩니다.',
  loadMore: '더 보기',
  viewAll: '모든 알림 보기',
  unread: '읽지 않음',
  markAllRead: '모두 읽음으로 표시',
  allMarked: '모든 알림을 읽음으로 표시했습니다',
  markAllFailed: '모든 알림을 읽음으로 표시하지 못했습니다',
  markRead: '읽음으로 표시',
  marked: '알림을 읽음으로 표시했습니다',
  markFailed: '알림을 읽음으로 표시하지 못했습니다',
  loadFailed: '알림을 불러오지 못했습니다',
  signIn: {
    title: '알림을 보려면 로그인해 주세요',
    text: '로그인하면 워크스페이스에서 일어난 일을 확인할 수 있습니다.',
    button: '로그인',
  },
  verify: {
    title: '이메일 인증 필요',
    text: '알림을 보려면 이메일 주소를 인증해 주세요.',
  },
  types: {
    assignment_created: '새 과제',
    assignment_submitted: '제출',
    assignment_deadline_reminder: '마감 알림',
    team_member_joined: '팀원 합류',
    workspace_invited: '워크스페이스 초대',
    storage_warning: '저장 공간 경고',
    system_announcement: '공지',
    workspace_join_requested: '참여 요청',
    workspace_join_approved: '참여 승인',
    workspace_join_rejected: '참여 요청 거절',
    peer_evaluation_reminder: '동료 평가 알림',
    peer_evaluation_released: '동료 평가 결과',
    submission_graded: '평가 완료',
    generic: '알림',
  },
  // 알림 종류마다의 문구 (decision 0041: 서버는 어떤 문구인지와 그 값만 보내고, 읽는 사람의
  // 앱이 그 언어로 씁니다). {{team}}은 팀 번호, 날짜는 읽는 사람의 언어로 쓴 것입니다.
  words: {
    assignmentCreated: {
      title: '새 과제: {{assignment}}',
      message: '워크스페이스에 새 과제가 올라왔습니다.',
    },
    taskPublished: { title: '새 과제: {{task}}', message: '{{note}}에 제출할 과제가 있습니다.' },
    teamSubmitted: {
      title: '{{team}}팀이 {{work}}을(를) 제출했습니다',
      message: '{{team}}팀이 {{work}} 과제를 제출했습니다.',
    },
    memberSubmitted: {
      title: '{{member}}님이 {{work}}을(를) 제출했습니다',
      message: '{{member}}님({{team}}팀)이 {{work}} 과제를 제출했습니다.',
    },
    storageHigh: {
      title: '저장 공간 사용량이 많습니다',
      message: '파일이 저장 공간의 {{percent}}%를 차지하고 있습니다.',
    },
    rosterJoined: {
      title: '{{workspace}}에 참여했습니다',
      message: '회원님의 이메일이 {{workspace}}의 명단에 있습니다.',
    },
    rosterMemberJoined: {
      title: '{{name}}님이 {{workspace}}에 참여했습니다',
      message: '{{name}}님({{email}})이 계정을 만들었습니다.',
    },
    linkJoined: {
      title: '{{name}}님이 {{workspace}}에 참여했습니다',
      message: '참여 링크로 {{member}} 이름을 선택했습니다.',
    },
    joinRequested: {
      title: '{{name}}님이 {{workspace}} 참여를 요청했습니다',
      message: '{{member}} 이름을 선택했습니다. 참여 페이지에서 요청을 승인하거나 거절하세요.',
    },
    joinApproved: {
      title: '{{workspace}}에 참여했습니다',
      message: '선생님이 {{member}}(으)로 참여를 승인했습니다.',
    },
    joinDeclined: {
      title: '{{workspace}} 참여 요청이 거절되었습니다',
      message: '{{member}} 이름으로 요청했습니다. 잘못된 것 같으면 선생님께 문의하세요.',
    },
    graded: { title: '평가 완료: {{work}}', message: '{{work}} 제출물이 평가되었습니다.' },
    teamGraded: {
      title: '평가 완료: {{work}}',
      message: '{{team}}팀의 {{work}} 제출물이 평가되었습니다.',
    },
    peerResults: {
      title: '동료 평가 결과: {{evaluation}}',
      message: '{{workspace}}의 {{evaluation}}에서 내 결과를 확인할 수 있습니다.',
    },
    peerToAnswer: {
      title: '응답할 동료 평가: {{evaluation}}',
      message: '{{endsAt}}까지 {{evaluation}}에서 자신과 팀원을 평가해 주세요.',
    },
    deadlineDue: {
      title: '{{work}} 마감: {{dueAt}}',
      message: '아직 {{work}}을(를) 제출하지 않았습니다. 마감은 {{dueAt}}입니다.',
    },
    teamDeadlineDue: {
      title: '{{work}} 마감: {{dueAt}}',
      message: '{{team}}팀이 아직 {{work}}을(를) 제출하지 않았습니다. 마감은 {{dueAt}}입니다.',
    },
    invited: {
      title: '{{workspace}}에 초대되었습니다',
      message: '{{owner}}님이 {{workspace}}에 회원님의 이메일 주소를 추가했습니다.',
    },
  },
  // 마감 알림의 한 줄 (issue 26): 읽는 사람의 언어와 시간대로 쓴 마감 시각.
  reminder: {
    due: '미제출 · 마감 {{deadline}}',
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
  email: {
    title: '이메일 알림',
    label: '새 과제를 이메일로도 받기',
    description: '{{email}}(으)로 보냅니다. 그 밖의 알림은 알림 벨에서만 확인할 수 있습니다.',
    loading: '알림 설정을 불러오는 중…',
    loadFailed: '알림 설정을 불러오지 못했습니다.',
    on: '새 과제를 이메일로 받습니다.',
    off: '이제 새 과제 이메일을 받지 않습니다.',
    failed: '알림 설정을 변경하지 못했습니다. 다시 시도해 주세요.',
    reminders: {
      label: '마감 알림 이메일',
      description:
        '제출하지 않은 과제의 마감 알림은 항상 알림 벨에 표시됩니다. 이메일로도 받을지 선택하세요.',
      immediate: '알림마다 바로 받기',
      digest: '하루에 한 번 모아서 받기 (UTC 자정 이후)',
      none: '이메일로 받지 않기',
      saved: {
        immediate: '마감 알림을 바로 이메일로 받습니다.',
        digest: '마감 알림을 하루에 한 번 모아서 이메일로 받습니다.',
        none: '마감 알림을 이메일로 받지 않습니다.',
      },
    },
  },
};
