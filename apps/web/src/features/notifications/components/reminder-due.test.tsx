// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { NotificationView } from '@teamshuffle/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { ReminderDue } from './reminder-due';

// Noon UTC: the same calendar day in every zone a test machine may run in.
const DUE = '2026-11-27T12:00:00.000Z';
const reminder = (overrides: Partial<NotificationView> = {}): NotificationView => ({
  id: 'n1',
  seq: 1,
  type: 'assignment_deadline_reminder',
  title: 'Due Nov 27, 2026, 9:00 PM (Asia/Seoul): Lab report',
  message: 'Team 2 has not handed in Lab report yet.',
  isRead: false,
  createdAt: '2026-11-26T12:00:00.000Z',
  data: { workspaceId: 'w1', assignmentId: 'a1', noteId: null, teamName: 'Team 2', dueAt: DUE },
  ...overrides,
});
const show = (notification: NotificationView) =>
  render(
    <MantineProvider>
      <ReminderDue notification={notification} />
    </MantineProvider>,
  );

beforeEach(() => {
  stubMatchMedia();
});

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe("a deadline reminder's line", () => {
  it('says it is not handed in and when it is due, in English and in Korean', async () => {
    show(reminder());
    const line = screen.getByTestId('reminder-due');
    expect(line.textContent).toMatch(/^Not handed in · due Nov 27, 2026, /);
    expect(line.querySelector('time')?.getAttribute('datetime')).toBe(DUE);
    cleanup();
    await i18n.changeLanguage('ko');
    show(reminder());
    expect(screen.getByTestId('reminder-due').textContent).toMatch(
      /^미제출 · 마감 2026\. 11\. 27\. /,
    );
  });

  it('is not shown for other types or a reminder without its deadline', () => {
    show(reminder({ type: 'assignment_created' }));
    show(
      reminder({ data: { workspaceId: 'w1', assignmentId: 'a1', noteId: null, teamName: null } }),
    );
    expect(screen.queryByTestId('reminder-due')).toBeNull();
  });
});
