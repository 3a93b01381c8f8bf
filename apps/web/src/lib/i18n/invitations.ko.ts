import type { invitationsEn } from './invitations.en';

/** Korean strings of the owner's Invitations panel (same keys as `invitationsEn`). */
export const invitationsKo: typeof invitationsEn = {
  title: '초대',
  intro:
    '명단에 추가한 이메일마다 내 언어로 초대 메일이 발송됩니다. 그 주소로 계정이 있는 학생은 참여한 것으로 표시됩니다.',
  empty: '아직 이메일 주소가 있는 멤버가 없습니다. 이메일 관리에서 추가하세요.',
  loadFailed: '초대 목록을 불러오지 못했습니다.',
  tableLabel: '멤버별 초대',
  columns: {
    member: '멤버',
    email: '이메일',
    status: '상태',
    actions: '작업',
  },
  team: '{{number}}팀',
  noTeam: '팀 없음',
  status: {
    joined: '참여함',
    queued: '보내는 중…',
    sent: '초대됨: 메일 발송',
    failed: '초대됨: 메일 실패',
    not_sent: '초대됨: 발송 안 됨',
  },
  sentAt: '{{when}} 발송',
  resend: '다시 보내기',
  resendTo: '{{name}}에게 초대 다시 보내기',
  resendAfter: '{{time}} 이후에 다시 보낼 수 있습니다.',
  resendAll: '대기 중인 모두에게 다시 보내기',
  resendAllHint: '아직 참여하지 않았고 최근 10분 안에 메일을 받지 않은 모든 멤버',
  resent: '초대를 다시 보냈습니다.',
  resentAll_one: '초대 {{count}}개를 다시 보냈습니다.',
  resentAll_other: '초대 {{count}}개를 다시 보냈습니다.',
  skipped: '{{count}}명은 10분 안에 메일을 받아 건너뛰었습니다.',
  errors: {
    dailyLimit:
      '지난 24시간 동안 내 워크스페이스에서 초대를 {{limit}}통 보냈습니다. 하루 최대치이니 나머지는 내일 보내세요.',
    recentlySent: '{{minutes}}분 안에 이미 초대를 보냈습니다. 잠시 후 다시 보내세요.',
    alreadyJoined: '이미 참여한 멤버입니다. 다시 보낼 초대가 없습니다.',
    notFound: '이 멤버는 더 이상 명단에 없거나 이메일 주소가 없습니다.',
    failed: '초대를 보내지 못했습니다. 다시 시도하세요.',
  },
};
