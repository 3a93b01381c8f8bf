// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { activityTimeText } from './activity-time';
import { QUICK_ACTIONS } from './quick-actions';

describe('the quick actions (spec part 1, section 2)', () => {
  it('lead to the team tool, saved results, workspaces and notifications; Settings is disabled', () => {
    expect(QUICK_ACTIONS.map((action) => [action.key, action.to])).toEqual([
      ['newTeam', '/app'],
      ['results', '/results'],
      ['workspaces', '/workspaces'],
      ['notifications', '/notifications'],
      ['settings', null],
    ]);
  });
});

describe('activity times', () => {
  it('word each age in both languages', () => {
    const now = Date.parse('2025-03-10T12:00:00.000Z');
    const en = i18n.getFixedT('en');
    const ko = i18n.getFixedT('ko');
    expect(activityTimeText(en, now - 10_000, now)).toBe('Just now');
    expect(activityTimeText(en, now - 2 * 3_600_000, now)).toBe('2 hours ago');
    expect(activityTimeText(ko, now - 2 * 3_600_000, now)).toBe('2시간 전');
    expect(activityTimeText(en, now - 1 * 86_400_000, now)).toBe('1 day ago');
  });
});
