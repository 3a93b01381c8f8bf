// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_LATE_RULE, BYTES_PER_MB } from '@teamshuffle/domain';
import type {
  LateRule,
  IndividualTaskState,
  LectureNote,
  TaskView,
  TeamTaskState,
} from '@teamshuffle/domain';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { i18n } from '../../../lib/i18n';
import { dateFormat } from '../../../lib/dates/use-format-date';
import { SessionProvider } from '../../../lib/session/session-context';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import type { TeamPanelAccess } from '../utils/task-view';
import { IndividualTaskPanel } from './individual-task-panel';
import { TeamTaskPanel } from './team-task-panel';

// The hand-in form of a note's task warns before a late submission, with the deadline (issue 26,
// as the assignment panel does): the team's leader and an individual task's member.

const TEAM_1 = '11111111-1111-4111-8111-111111111111';
const HOUR = 60 * 60 * 1000;
const PAST = new Date(Date.now() - 2 * HOUR).toISOString();
const FUTURE = new Date(Date.now() + 48 * HOUR).toISOString();

const PENDING: TeamTaskState = {
  teamId: TEAM_1,
  teamNumber: 1,
  current: null,
  history: [],
  evaluation: null,
};

const taskDue = (deadline: string | null): TaskView => ({
  title: 'Team report',
  description: '',
  deadline,
  maxFileSizeMb: 5,
  allowedTypes: ['pdf'],
  ...DEFAULT_LATE_RULE,
  assignmentType: 'team',
  teams: [PENDING],
  individual: [],
});

const noteDue = (deadline: string | null): LectureNote => ({
  id: 'n1',
  title: 'Week 1',
  description: '',
  week: 1,
  date: null,
  isPublished: true,
  author: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  canEdit: false,
  attachments: [],
  task: taskDue(deadline),
});

beforeEach(() => {
  stubMatchMedia();
  if (!('fonts' in document)) {
    // Mantine's autosize textarea listens to document.fonts, which jsdom lacks.
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) => {
      const body =
        path === '/api/me' ? { user: null } : { usedBytes: 0, quotaBytes: 100 * BYTES_PER_MB };
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
      );
    }),
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider>
      <QueryClientProvider client={client}>
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

function showTeamPanel(
  deadline: string | null,
  access: TeamPanelAccess = 'submit',
  { rule = {}, state = PENDING }: { rule?: Partial<LateRule>; state?: TeamTaskState } = {},
) {
  const due = noteDue(deadline);
  const note = { ...due, task: { ...due.task!, ...rule } };
  render(
    <Providers>
      <TeamTaskPanel
        workspaceId="w1"
        note={note}
        task={note.task}
        state={state}
        access={access}
        isMyTeam
        onClose={() => {}}
      />
    </Providers>,
  );
}

describe('the late warning on a note task’s hand-in', () => {
  it('tells the leader, before submitting, that a hand-in after the deadline is marked late', async () => {
    showTeamPanel(PAST);
    expect(screen.getByRole('button', { name: 'Submit Task' })).toBeTruthy();
    // In the English interface, an English date (issue 26).
    expect(dateFormat('en', null).deadline(PAST)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, /);
    expect(screen.getByTestId('late-warning').textContent).toBe(
      `The deadline (${dateFormat('en', null).deadline(PAST)}) has passed. You can still submit, but the submission will be marked late.`,
    );
    cleanup();
    await i18n.changeLanguage('ko');
    showTeamPanel(PAST);
    expect(screen.getByTestId('late-warning').textContent).toBe(
      `마감(${dateFormat('ko', null).deadline(PAST)})이 지났습니다. 제출은 가능하지만 지각 제출로 표시됩니다.`,
    );
  });

  it('says nothing before the deadline, without one, or to a member who only follows', () => {
    showTeamPanel(FUTURE);
    expect(screen.getByRole('button', { name: 'Submit Task' })).toBeTruthy();
    expect(screen.queryByTestId('late-warning')).toBeNull();
    cleanup();
    showTeamPanel(null);
    expect(screen.getByRole('button', { name: 'Submit Task' })).toBeTruthy();
    expect(screen.queryByTestId('late-warning')).toBeNull();
    cleanup();
    showTeamPanel(PAST, 'follow');
    expect(screen.queryByTestId('late-warning')).toBeNull();
  });

  it("warns an individual task's member too", () => {
    const individual: IndividualTaskState = {
      teamId: TEAM_1,
      teamNumber: 1,
      memberCount: 2,
      submittedCount: 0,
      submissions: [],
    };
    const task: TaskView = {
      ...taskDue(PAST),
      assignmentType: 'individual',
      teams: [],
      individual: [individual],
    };
    render(
      <Providers>
        <IndividualTaskPanel
          workspaceId="w1"
          note={{ ...noteDue(PAST), task }}
          task={task}
          state={individual}
          access="submit"
          userId="member-1"
          onClose={() => {}}
        />
      </Providers>,
    );
    expect(screen.getByRole('button', { name: 'Submit Files' })).toBeTruthy();
    expect(screen.getByTestId('late-warning').textContent).toContain(
      dateFormat('en', null).deadline(PAST),
    );
  });
});

describe('late rules on a note task’s hand-in (decision 0030)', () => {
  const CLOSE: Partial<LateRule> = { latePolicy: 'close' };

  it('is closed to the leader after the deadline of a task that closes: the button says so and is disabled', async () => {
    showTeamPanel(PAST, 'submit', { rule: CLOSE });
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Closed' });
    expect(button.disabled).toBe(true);
    expect(screen.getByTestId('closed-notice').textContent).toBe(
      `The deadline (${dateFormat('en', null).deadline(PAST)}) has passed: this task is closed to hand-ins.`,
    );
    cleanup();
    await i18n.changeLanguage('ko');
    showTeamPanel(PAST, 'submit', { rule: CLOSE });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '마감됨' }).disabled).toBe(true);
  });

  it('is open again to a team with a later deadline, which it sees', () => {
    showTeamPanel(PAST, 'submit', { rule: CLOSE, state: { ...PENDING, extendedTo: FUTURE } });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Submit Task' }).disabled).toBe(
      false,
    );
    expect(screen.queryByTestId('closed-notice')).toBeNull();
    expect(screen.getByTestId('own-deadline').textContent).toBe(
      `Your deadline: ${dateFormat('en', null).deadline(FUTURE)} (extended)`,
    );
  });

  it('says the penalty so far, within the grace period nothing', () => {
    showTeamPanel(PAST, 'submit', {
      rule: { latePolicy: 'penalty', latePenaltyPercentPerDay: 15 },
    });
    expect(screen.getByTestId('late-warning').textContent).toContain(
      'lose 15% of its grade per day late (15% now)',
    );
    cleanup();
    showTeamPanel(PAST, 'submit', { rule: { ...CLOSE, graceMinutes: 180 } });
    expect(screen.queryByTestId('late-warning')).toBeNull();
    expect(screen.queryByTestId('closed-notice')).toBeNull();
  });

  it('offers the owner Extend deadline for the team', () => {
    showTeamPanel(PAST, 'evaluate', { rule: CLOSE });
    expect(screen.getByRole('button', { name: 'Extend deadline' })).toBeTruthy();
  });
});

describe("an individual task's extensions (decision 0030)", () => {
  it("lists the team's members to the owner, each with Extend deadline, and says who has one", () => {
    const individual: IndividualTaskState = {
      teamId: TEAM_1,
      teamNumber: 1,
      memberCount: 2,
      submittedCount: 0,
      submissions: [],
      members: [
        { memberId: 'm1', name: 'Ann', userId: 'u1' },
        { memberId: 'm2', name: 'Ben', userId: null },
      ],
      extensions: [{ memberId: 'm2', userId: null, dueAt: FUTURE }],
    };
    const task: TaskView = {
      ...taskDue(PAST),
      assignmentType: 'individual',
      teams: [],
      individual: [individual],
    };
    render(
      <Providers>
        <IndividualTaskPanel
          workspaceId="w1"
          note={{ ...noteDue(PAST), task }}
          task={task}
          state={individual}
          access="view"
          userId="owner"
          onClose={() => {}}
        />
      </Providers>,
    );
    const list = screen.getByTestId('member-extensions');
    expect(list.textContent).toContain('Ann');
    expect(screen.getByRole('button', { name: 'Extend deadline' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change extension' })).toBeTruthy();
    expect(screen.getByTestId('extended-to').textContent).toBe(
      `Extended to ${dateFormat('en', null).deadline(FUTURE)}`,
    );
  });
});
