import { isKnownTimeZone } from './course-calendar.ts';
import { formatDateTimeIn } from './dates.ts';
import type { Language } from './languages.ts';
import {
  isKnownNotificationText,
  type NotificationTextKey,
  type NotificationTextView,
} from './notifications.ts';

// Each kind of notification's words in both languages (decision 0041): the server sends which
// words and their values, and the reader's app writes them in its language; the server writes
// them itself in an account's language where no app does (mail). `{{name}}` is a value;
// `{{team}}` a team's number; dates come written in the reader's language.

/** A notification's title and message. */
export type NotificationWords = { title: string; message: string };

/**
 * The words of each kind, by language. English: the server's stored title and message for the
 * same values, but for a peer evaluation's end (written in the reader's zone, not in UTC).
 */
export const NOTIFICATION_WORDS: Record<
  Language,
  Record<NotificationTextKey, NotificationWords>
> = {
  en: {
    assignmentCreated: {
      title: 'New assignment: {{assignment}}',
      message: 'A new assignment was posted in your workspace.',
    },
    taskPublished: { title: 'New task: {{task}}', message: '{{note}} has a task to hand in.' },
    teamSubmitted: {
      title: 'Team {{team}} submitted {{work}}',
      message: 'Team {{team}} handed in work for {{work}}.',
    },
    memberSubmitted: {
      title: '{{member}} submitted {{work}}',
      message: '{{member}} (Team {{team}}) handed in work for {{work}}.',
    },
    storageHigh: {
      title: 'Storage usage is high',
      message: 'Your files take {{percent}}% of your storage.',
    },
    rosterJoined: {
      title: 'You are in {{workspace}}',
      message: 'Your e-mail is on the roster of {{workspace}}.',
    },
    rosterMemberJoined: {
      title: '{{name}} joined {{workspace}}',
      message: '{{name}} ({{email}}) now has an account.',
    },
    linkJoined: {
      title: '{{name}} joined {{workspace}}',
      message: 'They claimed the name {{member}} with the join link.',
    },
    joinRequested: {
      title: '{{name}} asked to join {{workspace}}',
      message: 'They picked the name {{member}}. Approve or reject the request on the join page.',
    },
    joinApproved: {
      title: 'You joined {{workspace}}',
      message: 'Your teacher approved you as {{member}}.',
    },
    joinDeclined: {
      title: 'Your request to join {{workspace}} was declined',
      message: 'You asked for the name {{member}}. Ask your teacher if this is a mistake.',
    },
    graded: { title: 'Graded: {{work}}', message: 'Your work for {{work}} was graded.' },
    teamGraded: {
      title: 'Graded: {{work}}',
      message: "Team {{team}}'s work for {{work}} was graded.",
    },
    peerResults: {
      title: 'Peer evaluation results: {{evaluation}}',
      message: 'Your result of {{evaluation}} in {{workspace}} is ready to see.',
    },
    peerToAnswer: {
      title: 'Peer evaluation to answer: {{evaluation}}',
      message: 'Please rate yourself and your teammates in {{evaluation}} before {{endsAt}}.',
    },
    deadlineDue: {
      title: 'Due {{dueAt}}: {{work}}',
      message: 'You have not handed in {{work}} yet. The deadline is {{dueAt}}.',
    },
    teamDeadlineDue: {
      title: 'Due {{dueAt}}: {{work}}',
      message: 'Team {{team}} has not handed in {{work}} yet. The deadline is {{dueAt}}.',
    },
    invited: {
      title: 'You are invited to {{workspace}}',
      message: '{{owner}} added your e-mail address to {{workspace}}.',
    },
  },
  ko: {
    assignmentCreated: {
      title: '새 과제: {{assignment}}',
      message: '워크스페이스에 새 과제가 올라왔습니다.',
    },
    taskPublished: {
      title: '새 노트 과제: {{task}}',
      message: '{{note}}에 제출할 노트 과제가 있습니다.',
    },
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
};

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** `template` with each `{{name}}` replaced by its value (none: nothing). */
function filled(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => values[name] ?? '');
}

/**
 * A notification's title and message in `language`, from its words: null when it carries none,
 * or words of a kind this version does not know, or values that do not read (then its stored
 * title and message are what it says). A deadline is written in its workspace's zone, named
 * after it; a peer evaluation's end by `writeInstant` (the reader's zone in the app, UTC in mail).
 */
export function notificationWordsIn(
  language: Language,
  text: NotificationTextView | null | undefined,
  writeInstant: (iso: string) => string,
): NotificationWords | null {
  if (!text || !isKnownNotificationText(text)) return null;
  const values: Record<string, string> = { ...text.values };
  try {
    if (text.key === 'deadlineDue' || text.key === 'teamDeadlineDue') {
      const { dueAt, timeZone } = text.values;
      if (!isKnownTimeZone(timeZone)) return null;
      values['dueAt'] = `${formatDateTimeIn(dueAt, { timeZone, language })} (${timeZone})`;
    }
    if (text.key === 'peerToAnswer') values['endsAt'] = writeInstant(text.values.endsAt);
  } catch {
    // A date Intl refuses: the stored words say it as the server did.
    return null;
  }
  const words = NOTIFICATION_WORDS[language][text.key];
  return { title: filled(words.title, values), message: filled(words.message, values) };
}
