import {
  NOTIFICATION_TEXTS,
  type NotificationTextKey,
  type NotificationView,
} from '@teamshuffle/domain';
import { describe, expect, it } from 'vitest';
import { dateFormat } from '../../../lib/dates/use-format-date';
import { notificationWords } from './notification-words';

const inEnglish = dateFormat('en', null, 'UTC');
const inKorean = dateFormat('ko', null, 'Asia/Seoul');

function notification(text: NotificationView['data']['text'], title = 'Stored title') {
  return {
    id: 'n1',
    seq: 1,
    type: 'assignment_submitted',
    title,
    message: 'Stored message',
    isRead: false,
    createdAt: '2026-11-28T00:00:00.000Z',
    data: { workspaceId: null, assignmentId: null, noteId: null, teamName: null, text },
  } satisfies NotificationView;
}

describe("a notification's words in the reader's language (decision 0041)", () => {
  it('says in English what the server stores in English, and in Korean for a Korean reader', () => {
    // The server's own English for these values (notifications.test.ts asserts the same).
    const submitted = notification({
      key: 'memberSubmitted',
      values: { member: 'Ann', team: '1', work: 'Own essay' },
    });
    expect(notificationWords(submitted, inEnglish)).toEqual({
      title: 'Ann submitted Own essay',
      message: 'Ann (Team 1) handed in work for Own essay.',
    });
    expect(notificationWords(submitted, inKorean)).toEqual({
      title: 'Ann님이 Own essay을(를) 제출했습니다',
      message: 'Ann님(1팀)이 Own essay 과제를 제출했습니다.',
    });
  });

  it('tells a new note task from a new assignment in Korean, as in English', () => {
    const task = notification({
      key: 'taskPublished',
      values: { task: 'Reading', note: 'Week 3' },
    });
    const assignment = notification({
      key: 'assignmentCreated',
      values: { assignment: 'Reading' },
    });
    expect(notificationWords(task, inEnglish).title).toBe('New task: Reading');
    expect(notificationWords(assignment, inEnglish).title).toBe('New assignment: Reading');
    expect(notificationWords(task, inKorean)).toEqual({
      title: '새 노트 과제: Reading',
      message: 'Week 3에 제출할 노트 과제가 있습니다.',
    });
    expect(notificationWords(assignment, inKorean).title).toBe('새 과제: Reading');
  });

  it("writes a deadline in the reader's language, in its workspace's zone", () => {
    const due = notification({
      key: 'teamDeadlineDue',
      values: {
        team: '2',
        work: 'Lab report',
        dueAt: '2026-11-27T05:00:00.000Z',
        timeZone: 'Asia/Seoul',
      },
    });
    // As the server's English title writes it (deadline-reminders.service.ts).
    expect(notificationWords(due, inEnglish).title).toBe(
      'Due Nov 27, 2026, 2:00 PM (Asia/Seoul): Lab report',
    );
    const korean = notificationWords(due, inKorean);
    expect(korean.title).toBe('Lab report 마감: 2026. 11. 27. 오후 2:00 (Asia/Seoul)');
    expect(korean.message).toContain('2팀이 아직 Lab report을(를) 제출하지 않았습니다');
  });

  it('keeps the stored words for an announcement, unknown words, missing values and bad dates', () => {
    const stored = { title: 'Stored title', message: 'Stored message' };
    expect(notificationWords(notification(null), inKorean)).toEqual(stored);
    expect(notificationWords(notification(undefined), inKorean)).toEqual(stored);
    expect(
      notificationWords(notification({ key: 'laterKind', values: { a: 'b' } }), inKorean),
    ).toEqual(stored);
    expect(notificationWords(notification({ key: 'graded', values: {} }), inKorean)).toEqual(
      stored,
    );
    const badZone = {
      key: 'deadlineDue',
      values: { work: 'W', dueAt: '2026-11-27T05:00:00.000Z', timeZone: 'Mars/Base' },
    };
    expect(notificationWords(notification(badZone), inKorean)).toEqual(stored);
    const badDate = { key: 'peerToAnswer', values: { evaluation: 'E', endsAt: 'someday' } };
    expect(notificationWords(notification(badDate), inKorean)).toEqual(stored);
  });

  it('has every kind of words in both languages, each value used', () => {
    for (const key of Object.keys(NOTIFICATION_TEXTS) as NotificationTextKey[]) {
      const names: readonly string[] = NOTIFICATION_TEXTS[key];
      const values = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
      if ('dueAt' in values) values['dueAt'] = '2026-11-27T05:00:00.000Z';
      if ('timeZone' in values) values['timeZone'] = 'Asia/Seoul';
      if ('endsAt' in values) values['endsAt'] = '2026-11-27T05:00:00.000Z';
      for (const dates of [inEnglish, inKorean]) {
        const words = notificationWords(notification({ key, values }), dates);
        expect(words.title, key).not.toBe('Stored title');
        expect(words.title, key).not.toMatch(/\{\{|^$/);
        expect(words.message, key).not.toMatch(/\{\{|^$/);
        // Every value the server sends shows up in the title or the message.
        const shown = `${words.title} ${words.message}`;
        for (const name of names) {
          if (name === 'dueAt' || name === 'endsAt' || name === 'timeZone') continue;
          expect(shown, `${key}: ${name}`).toContain(`<${name}>`);
        }
      }
    }
  });
});
