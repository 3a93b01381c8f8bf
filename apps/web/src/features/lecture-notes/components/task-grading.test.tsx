// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DEFAULT_LATE_RULE } from '@teamshuffle/domain';
import type { LectureNote, TaskSubmission, TaskView } from '@teamshuffle/domain';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { TaskBulkEvaluateModal } from './task-bulk-evaluate-modal';
import { TaskEvaluationForm } from './task-evaluation-form';

// PDF.js draws on a canvas, which jsdom has not (drawn for real in e2e/hand-in-on-behalf.spec.ts):
// here the preview finds the file unreadable, after its own fetch.
vi.mock('../../../components/pdf-preview/load-pdf', () => ({
  openPdf: () => Promise.reject(new Error('no canvas in jsdom')),
}));

// Grading a note's task in the browser (issue 25, decision 0025): one member's answer, and all
// answers at once; a score out of 0..max is its row's error and nothing is sent; feedback only.

const TEAM_ID = '11111111-1111-4111-8111-111111111111';

const TASK: TaskView = {
  title: 'Essay',
  description: '',
  deadline: null,
  maxFileSizeMb: 5,
  allowedTypes: ['pdf'],
  ...DEFAULT_LATE_RULE,
  assignmentType: 'individual',
  teams: [],
  individual: [
    {
      teamId: TEAM_ID,
      teamNumber: 1,
      memberCount: 2,
      submittedCount: 2,
      submissions: ['Ann', 'Ben'].map((name, index) => ({
        id: `s${index}`,
        attempt: 1,
        submittedAt: '2026-03-10T01:00:00.000Z',
        isLate: false,
        submittedBy: { id: `u-${name}`, name },
        description: null,
        files: [],
        deletedAt: null,
        userId: `u-${name}`,
        evaluation: null,
      })),
    },
  ],
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

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  window.localStorage.clear();
  stubMatchMedia();
  // jsdom has no ResizeObserver (Mantine's table scroll container) nor document.fonts; Mantine's autosize textarea listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(NOTE), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
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
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

function sentBody(): unknown {
  const init = fetchMock.mock.calls[0]?.[1] as RequestInit | undefined;
  return JSON.parse(init?.body as string);
}

function showBulk({ noteId = 'n1', task = TASK }: { noteId?: string; task?: TaskView } = {}) {
  return render(
    <Providers>
      <TaskBulkEvaluateModal
        opened
        onClose={() => {}}
        workspaceId="w1"
        noteId={noteId}
        task={task}
        formKey={1}
      />
    </Providers>,
  );
}

/** TASK with Ann's answer graded 95 of 100. */
function withAnnGraded(): TaskView {
  const [team] = TASK.individual;
  return {
    ...TASK,
    individual: [
      {
        ...team!,
        submissions: team!.submissions.map((submission, index) =>
          index === 0
            ? {
                ...submission,
                evaluation: {
                  id: 'e1',
                  score: 95,
                  rawScore: 95,
                  maxScore: 100,
                  feedback: 'Good',
                  evaluatedBy: null,
                  evaluatedAt: '2026-03-11T00:00:00.000Z',
                  submissionId: submission.id,
                  attempt: 1,
                },
              }
            : submission,
        ),
      },
    ],
  };
}

const maxScoreInput = () => screen.getByLabelText<HTMLInputElement>(/Maximum score/);

describe('TaskBulkEvaluateModal (individual task: a row per member)', () => {
  it('shows a typed 70 of 50 as an error on its row and sends nothing', async () => {
    showBulk();
    fireEvent.change(screen.getByLabelText(/Maximum score/), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Score for Ann'), { target: { value: '70' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save all' }));
    const row = await screen.findByTestId('task-bulk-row-0');
    expect(row.textContent).toContain('Score must be between 0 and 50');
    expect(screen.getByTestId('task-bulk-row-1').textContent).not.toContain('Score must be');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves a row with feedback only as no score (never 0), per member', async () => {
    showBulk();
    fireEvent.change(screen.getByLabelText('Feedback for Ben'), {
      target: { value: 'Good start' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save all' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/notes/n1/evaluations/bulk');
    expect(sentBody()).toEqual({
      maxScore: 100,
      entries: [{ userId: 'u-Ben', score: null, feedback: 'Good start' }],
    });
    expect(await screen.findByText('Grades saved.')).toBeTruthy();
  });

  it('remembers the maximum typed last time for this note, as the assignments’ dialog does', async () => {
    const first = showBulk();
    expect(maxScoreInput().value).toBe('100');
    fireEvent.change(maxScoreInput(), { target: { value: '20' } });
    first.unmount();

    showBulk();
    expect(maxScoreInput().value).toBe('20');
    fireEvent.change(screen.getByLabelText('Score for Ann'), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save all' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody()).toMatchObject({ maxScore: 20, entries: [{ userId: 'u-Ann', score: 15 }] });
    cleanup();

    // Another note's dialog starts from the default.
    showBulk({ noteId: 'n2' });
    expect(maxScoreInput().value).toBe('100');
  });

  it('shows a grade on the remembered scale, and follows a changed maximum without changing it', async () => {
    window.localStorage.setItem('bulkMaxScore_note_n1', '50');
    showBulk({ task: withAnnGraded() });
    expect(maxScoreInput().value).toBe('50');
    expect(screen.getByLabelText<HTMLInputElement>('Score for Ann').value).toBe('47.5');
    fireEvent.change(maxScoreInput(), { target: { value: '200' } });
    expect(screen.getByLabelText<HTMLInputElement>('Score for Ann').value).toBe('190');
    // Nothing typed: the grade is the same on any scale, so nothing is sent.
    const info = vi.spyOn(notify, 'info').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Save all' }));
    await waitFor(() => expect(info).toHaveBeenCalledWith('Nothing changed: no grade to save.'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('bulkMaxScore_note_n1')).toBe('200');
  });

  it('is in Korean', async () => {
    await i18n.changeLanguage('ko');
    showBulk();
    expect(screen.getByRole('button', { name: '모두 저장' })).toBeTruthy();
    expect(screen.getByLabelText('Ann의 점수')).toBeTruthy();
  });
});

describe('TaskEvaluationForm (one member of an individual task)', () => {
  function showSingle(files: TaskSubmission['files'] = []) {
    return render(
      <Providers>
        <TaskEvaluationForm
          workspaceId="w1"
          noteId="n1"
          target={{ userId: 'u-Ann' }}
          evaluation={null}
          files={files}
          scoreLabel="Score for Ann (0-100)"
        />
      </Providers>,
    );
  }

  it("shows the answer's PDF next to the score, with its download link (grading in place)", () => {
    const { container } = showSingle([{ name: 'essay.pdf', size: 1024, fileId: 'file-1' }]);
    const preview = screen.getByTestId('submitted-file-preview');
    expect(preview.querySelector('[data-testid="pdf-preview"]')?.getAttribute('data-src')).toBe(
      '/api/files/file-1',
    );
    expect(screen.getByRole('link', { name: 'Download essay.pdf (1.00 KB)' })).toBeTruthy();
    // The preview comes before the score it is graded by.
    const score = screen.getByLabelText('Score for Ann (0-100)');
    expect(preview.compareDocumentPosition(score) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('refuses a score above 100 on the form and sends nothing', async () => {
    showSingle();
    fireEvent.change(screen.getByLabelText('Score for Ann (0-100)'), { target: { value: '170' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Evaluation' }));
    expect(await screen.findByText('Score must be between 0 and 100')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("grades the member's answer by userId", async () => {
    showSingle();
    fireEvent.change(screen.getByLabelText('Score for Ann (0-100)'), { target: { value: '70' } });
    fireEvent.change(screen.getByLabelText('Feedback'), { target: { value: 'Clear' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Evaluation' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/notes\/n1\/evaluations$/);
    expect(sentBody()).toEqual({ userId: 'u-Ann', score: 70, feedback: 'Clear' });
  });
});
