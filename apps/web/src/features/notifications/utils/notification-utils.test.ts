// @vitest-environment jsdom
import { NOTIFICATION_TYPES } from '@teamshuffle/domain';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { notificationKind } from './notification-kind';
import { notificationTarget } from './notification-target';
import { notificationTimeText } from './notification-time';

const data = { workspaceId: null, assignmentId: null, noteId: null, teamName: null };

describe('where a notification leads', () => {
  it('opens the part of the workspace it is about', () => {
    for (const type of ['assignment_created', 'assignment_submitted']) {
      expect(
        notificationTarget({ type, data: { ...data, workspaceId: 'w 1', assignmentId: 'a1' } }),
      ).toBe('/workspace/w%201/assignments');
    }
    expect(
      notificationTarget({
        type: 'task_published',
        data: { ...data, workspaceId: 'w1', noteId: 'n1' },
      }),
    ).toBe('/workspace/w1/notes/n1');
    expect(
      notificationTarget({ type: 'workspace_invited', data: { ...data, workspaceId: 'w 1' } }),
    ).toBe('/workspace/w%201');
    // Joining (issue 24): a request opens the owner's join panel, an approval the workspace.
    expect(
      notificationTarget({
        type: 'workspace_join_requested',
        data: { ...data, workspaceId: 'w1' },
      }),
    ).toBe('/workspace/w1/join');
    expect(
      notificationTarget({ type: 'workspace_join_approved', data: { ...data, workspaceId: 'w1' } }),
    ).toBe('/workspace/w1');
    expect(notificationTarget({ type: 'workspace_join_rejected', data })).toBeNull();
  });

  it('opens the profile for a storage warning, and nothing for an announcement', () => {
    expect(notificationTarget({ type: 'storage_warning', data })).toBe('/profile');
    expect(notificationTarget({ type: 'system_announcement', data })).toBeNull();
    expect(notificationTarget({ type: 'friend_request', data })).toBeNull();
  });
});

describe('the kind of a notification', () => {
  it('keeps the known types and makes anything else generic (a bell)', () => {
    for (const type of NOTIFICATION_TYPES) expect(notificationKind(type)).toBe(type);
    expect(notificationKind('friend_request')).toBe('generic');
    expect(notificationKind('')).toBe('generic');
  });

  it('has a label for every kind in both languages', () => {
    for (const kind of [...NOTIFICATION_TYPES, 'generic'] as const) {
      for (const lng of ['en', 'ko'] as const) {
        const label = i18n.template(lng, `notifications.types.${kind}`);
        expect(typeof label === 'string' && label.length > 0).toBe(true);
      }
    }
  });
});

describe('relative times (spec part 1, section 9)', () => {
  const now = Date.parse('2025-03-10T12:00:00.000Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const t = i18n.getFixedT('en');
  const tKo = i18n.getFixedT('ko');

  it('words each age', () => {
    expect(notificationTimeText(t, ago(30_000), now)).toBe('Just now');
    expect(notificationTimeText(t, ago(60_000), now)).toBe('1 minute ago');
    expect(notificationTimeText(t, ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(notificationTimeText(t, ago(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(notificationTimeText(t, ago(2 * 86_400_000), now)).toBe('2 days ago');
    expect(notificationTimeText(tKo, ago(2 * 86_400_000), now)).toBe('2일 전');
    expect(notificationTimeText(t, ago(8 * 86_400_000), now)).toMatch(/^2025\. 3\. 2\.$/);
  });
});
