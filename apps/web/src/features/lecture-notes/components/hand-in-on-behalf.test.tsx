// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_LATE_RULE, BYTES_PER_MB } from '@teamshuffle/domain';
import type {
  IndividualTaskState,
  LectureNote,
  TaskSubmission,
  TaskView,
  TeamTaskState,
} from '@teamshuffle/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeUploadXhr } from '../../../components/file-upload/fake-upload-xhr';
import '../../../lib/i18n';
import { i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { SessionProvider } from '../../../lib/session/session-context';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import type { IndividualPanelAccess, TeamPanelAccess } from '../utils/task-view';
import { IndividualTaskPanel } from './individual-task-panel';
import { TaskSection } from './task-section';
import { TeamTaskPanel } from './team-task-panel';

// PDF.js draws on a canvas, which jsdom has not (drawn for real in e2e/hand-in-on-behalf.spec.ts):
// here the preview finds the file unreadable, after its own fetch.
vi.mock('../../../components/pdf-preview/load-pdf', () => ({
  openPdf: () => Promise.reject(new Error('no canvas in jsdom')),
}));

// The owner hands in on a team's behalf for a note's team task (issue 25; spec part 2,
// section 6): offered to the owner only and only on a team task of a published note, the request
// names the team (`onBehalfOf`), and the team's row then says the owner handed it in. The owner's
// grading shows the answer's file next to the score.

const SETTLE = { timeout: 4_000 };
const TEAM_1 = '11111111-1111-4111-8111-111111111111';
const OWNER = {
  id: 'owner-1',
  displayName: 'Olga',
  email: 'olga@example.com',
  emailVerified: true,
  phoneNumber: null,
  photoUrl: null,
  createdAt: '2025-03-03T10:00:00.000Z',
  lastLoginAt: null,
  isVerified: true,
  hasPassword: true,
};

const PENDING: TeamTaskState = {
  teamId: TEAM_1,
  teamNumber: 1,
  current: null,
  history: [],
  evaluation: null,
};

const BY_OWNER: TaskSubmission = {
  id: 'sub-1',
  attempt: 1,
  submittedAt: '2026-03-10T01:00:00.000Z',
  isLate: false,
  byOwner: true,
  submittedBy: { id: OWNER.id, name: 'Olga' },
  description: 'Handed in on paper',
  files: [{ name: 'answer.pdf', size: 2048, fileId: 'file-1' }],
  deletedAt: null,
};

const TASK: TaskView = {
  title: 'Team report',
  description: '',
  deadline: null,
  maxFileSizeMb: 5,
  allowedTypes: ['pdf'],
  ...DEFAULT_LATE_RULE,
  assignmentType: 'team',
  teams: [PENDING],
  individual: [],
};

const NOTE: LectureNote = {
  id: 'n1',
  title: 'Week 1',
  description: '',
  week: 1,
  date: null,
  isPublished: true,
  author: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  canEdit: true,
  attachments: [],
  task: TASK,
};

const answered = (): LectureNote => ({
  ...NOTE,
  task: { ...TASK, teams: [{ ...PENDING, current: BY_OWNER }] },
});

let upload = fakeUploadXhr(() => ({ status: 201, body: answered() }));

beforeEach(() => {
  upload = fakeUploadXhr(() => ({ status: 201, body: answered() }));
  stubMatchMedia();
  if (!('fonts' in document)) {
    // Mantine's autosize textarea listens to document.fonts, which jsdom lacks.
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
  vi.stubGlobal('XMLHttpRequest', upload.FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) => {
      const body =
        path === '/api/me' ? { user: OWNER } : { usedBytes: 0, quotaBytes: 100 * BYTES_PER_MB };
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
      );
    }),
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
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
  access: TeamPanelAccess,
  { note = NOTE, state = PENDING }: { note?: LectureNote; state?: TeamTaskState } = {},
) {
  return render(
    <Providers>
      <TeamTaskPanel
        workspaceId="w1"
        note={note}
        task={note.task!}
        state={state}
        access={access}
        isMyTeam={access !== 'evaluate'}
        onClose={() => {}}
      />
    </Providers>,
  );
}

async function choose(files: File[]) {
  const input = document.querySelector('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files } });
  await waitFor(
    () => expect(screen.getAllByTestId('upload-item')).toHaveLength(files.length),
    SETTLE,
  );
}

const pdf = () => new File(['%PDF'], 'answer.pdf', { type: 'application/pdf' });
const handInButton = () => screen.queryByRole('button', { name: 'Hand in for Team 1' });

describe("Hand in for Team N (a note's team task)", () => {
  it('is offered to the owner only, and not on a draft', () => {
    showTeamPanel('evaluate');
    expect(handInButton()).toBeTruthy();
    expect(document.querySelector('input[type="file"]')).toBeNull();
    cleanup();

    showTeamPanel('submit');
    expect(handInButton()).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit Task' })).toBeTruthy();
    expect(screen.queryByTestId('on-behalf-note')).toBeNull();
    cleanup();

    showTeamPanel('follow');
    expect(handInButton()).toBeNull();
    expect(document.querySelector('input[type="file"]')).toBeNull();
    cleanup();

    // The server takes no answer to a draft's task, from anyone.
    showTeamPanel('evaluate', { note: { ...NOTE, isPublished: false } });
    expect(handInButton()).toBeNull();
  });

  it('says it is recorded as handed in by the owner, and sends the team as onBehalfOf', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    showTeamPanel('evaluate');
    fireEvent.click(handInButton()!);
    const form = screen.getByRole('form', { name: 'Hand in for Team 1' });
    const note = within(form).getByTestId('on-behalf-note');
    expect(note.textContent).toContain('recorded as handed in by the owner');
    expect(form.getAttribute('aria-describedby')).toBe(note.id);
    expect(form.contains(document.activeElement)).toBe(true);

    await choose([pdf()]);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Description' }), {
      target: { value: 'Handed in on paper' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit for Team 1' }));

    await waitFor(() => expect(upload.requests).toHaveLength(1), SETTLE);
    expect(upload.requests[0]!.url).toBe(
      `/api/workspaces/w1/notes/n1/submissions?onBehalfOf=${TEAM_1}`,
    );
    expect(upload.requests[0]!.body.get('description')).toBe('Handed in on paper');
    await waitFor(() => expect(success).toHaveBeenCalledWith('Handed in for Team 1.'), SETTLE);
    await waitFor(() => expect(handInButton()).toBeTruthy(), SETTLE);
    expect(document.activeElement).toBe(handInButton());
  });

  it('keeps the file and the description when the server refuses', async () => {
    upload.answers.push({
      status: 403,
      body: { error: 'forbidden', message: 'You do not have permission to do that' },
    });
    showTeamPanel('evaluate');
    fireEvent.click(handInButton()!);
    await choose([pdf()]);
    const description = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Description' });
    fireEvent.change(description, { target: { value: 'Keep me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for Team 1' }));
    const item = screen.getByTestId('upload-item');
    await waitFor(() => expect(item.getAttribute('data-status')).toBe('failed'), SETTLE);
    expect(item.textContent).toContain('You do not have permission to do that');
    expect(description.value).toBe('Keep me');
    expect(screen.getByRole('form', { name: 'Hand in for Team 1' })).toBeTruthy();
  });

  it('is in Korean', async () => {
    await i18n.changeLanguage('ko');
    showTeamPanel('evaluate');
    fireEvent.click(screen.getByRole('button', { name: '1팀 대신 제출' }));
    expect(screen.getByRole('button', { name: '1팀으로 제출' })).toBeTruthy();
  });

  it("is not offered on an individual task's panel (the server refuses it)", () => {
    const individual: IndividualTaskState = {
      teamId: TEAM_1,
      teamNumber: 1,
      memberCount: 2,
      submittedCount: 0,
      submissions: [],
    };
    const access: IndividualPanelAccess = 'view';
    render(
      <Providers>
        <IndividualTaskPanel
          workspaceId="w1"
          note={{ ...NOTE, task: { ...TASK, assignmentType: 'individual', teams: [] } }}
          task={{ ...TASK, assignmentType: 'individual', teams: [], individual: [individual] }}
          state={individual}
          access={access}
          userId={OWNER.id}
          onClose={() => {}}
        />
      </Providers>,
    );
    expect(
      screen.getByText('Each member submits their own files; grade each answer under it.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Hand in for Team/ })).toBeNull();
  });
});

describe('after the owner handed in for a team', () => {
  it("the owner's panel shows the answer's PDF next to the score", () => {
    showTeamPanel('evaluate', { state: { ...PENDING, current: BY_OWNER } });
    const preview = screen.getByTestId('submitted-file-preview');
    expect(preview.querySelector('[data-testid="pdf-preview"]')?.getAttribute('data-src')).toBe(
      '/api/files/file-1',
    );
    expect(screen.getByRole('textbox', { name: 'Score (0-100)' })).toBeTruthy();
    expect(screen.getAllByTestId('by-owner')[0]!.textContent).toBe('handed in by the owner');
  });

  it("the team's row says so to its members", () => {
    render(
      <Providers>
        <TaskSection
          workspaceId="w1"
          note={answered()}
          task={answered().task!}
          viewer={{ userId: 'u-ben', role: 'member', myTeamId: TEAM_1, isLeader: false }}
        />
      </Providers>,
    );
    const row = screen.getByTestId('task-team');
    expect(within(row).getByTestId('task-status').textContent).toBe('Submitted (1)');
    expect(within(row).getByTestId('by-owner').textContent).toBe('handed in by the owner');
  });
});
