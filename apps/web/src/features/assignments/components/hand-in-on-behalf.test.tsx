// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_LATE_RULE, BYTES_PER_MB } from '@teamshuffle/domain';
import type { AssignmentTeamState, AssignmentView } from '@teamshuffle/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { fakeUploadXhr } from '../../../components/file-upload/fake-upload-xhr';
import { SessionProvider } from '../../../lib/session/session-context';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import type { WindowPhase } from '../utils/assignment-window';
import type { PanelAccess } from '../utils/team-state';
import { SubmissionModal } from './submission-modal';
import { TeamRow } from './team-row';

// The owner hands in on a team's behalf from the team's panel (issue 25; spec part 2, section 6):
// only the owner is offered it, the request names the team (`onBehalfOf`), the dialog says it is
// recorded as handed in by the owner, and the team's row then shows that mark.

const SETTLE = { timeout: 4_000 };
const TEAM_2 = '22222222-2222-4222-8222-222222222222';
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

const PENDING_TEAM: AssignmentTeamState = {
  teamId: TEAM_2,
  teamNumber: 2,
  leaderName: 'Cat',
  hasLeaderEmail: true,
  latest: null,
  history: [],
  grade: null,
};

const ASSIGNMENT: AssignmentView = {
  id: 'a1',
  number: 1,
  title: 'Essay',
  description: '',
  startAt: null,
  endAt: null,
  maxFileSizeMb: 5,
  allowedTypes: ['pdf'],
  ...DEFAULT_LATE_RULE,
  createdAt: '2025-03-01T00:00:00.000Z',
  teams: [PENDING_TEAM],
};

const HANDED_IN: AssignmentTeamState = {
  ...PENDING_TEAM,
  latest: {
    id: 'sub-1',
    attempt: 1,
    submittedAt: '2025-03-10T01:00:00.000Z',
    isLate: false,
    byOwner: true,
    submittedBy: { id: OWNER.id, name: 'Olga' },
    notes: 'Handed in on paper',
    files: [{ name: 'essay.pdf', size: 3, fileId: 'f1' }],
    deletedAt: null,
    evaluation: null,
  },
};

let upload = fakeUploadXhr(() => ({ status: 201, body: { ...ASSIGNMENT, teams: [HANDED_IN] } }));

beforeEach(() => {
  upload = fakeUploadXhr(() => ({ status: 201, body: { ...ASSIGNMENT, teams: [HANDED_IN] } }));
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

function showPanel(
  access: PanelAccess,
  {
    team = PENDING_TEAM,
    phase = 'open',
    late = {},
  }: { team?: AssignmentTeamState; phase?: WindowPhase; late?: Partial<AssignmentView> } = {},
) {
  return render(
    <Providers>
      <SubmissionModal
        opened
        onClose={() => {}}
        workspaceId="w1"
        // After the end, the end is in the past (the late notice reads it, decision 0030).
        assignment={{
          ...ASSIGNMENT,
          ...(phase === 'ended' ? { endAt: new Date(Date.now() - 3_600_000).toISOString() } : {}),
          ...late,
          teams: [team],
        }}
        team={team}
        access={access}
        phase={phase}
        onEvaluate={() => {}}
        formKey={1}
      />
    </Providers>,
  );
}

/** Chooses files in the drop zone and waits until they are listed (the drop zone reads them async). */
async function choose(files: File[]) {
  const input = document.querySelector('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files } });
  await waitFor(
    () => expect(screen.getAllByTestId('upload-item')).toHaveLength(files.length),
    SETTLE,
  );
}

const pdf = () => new File(['%PDF'], 'essay.pdf', { type: 'application/pdf' });
const handInButton = () => screen.queryByRole('button', { name: 'Hand in for Team 2' });

describe('Hand in for Team N (assignments)', () => {
  it('is offered to the owner only, not to the leader nor a member of the team', () => {
    showPanel('manage');
    expect(handInButton()).toBeTruthy();
    // Closed until asked for: the owner's panel is for reading and grading first.
    expect(document.querySelector('input[type="file"]')).toBeNull();
    cleanup();

    showPanel('submit');
    expect(handInButton()).toBeNull();
    // The leader has their own form, which says nothing of the owner.
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.queryByTestId('on-behalf-note')).toBeNull();
    cleanup();

    showPanel('view');
    expect(handInButton()).toBeNull();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });

  it('says it is recorded as handed in by the owner, and sends the team as onBehalfOf', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    showPanel('manage');
    fireEvent.click(handInButton()!);
    const form = screen.getByRole('form', { name: 'Hand in for Team 2' });
    const note = within(form).getByTestId('on-behalf-note');
    expect(note.textContent).toContain("You are handing in on Team 2's behalf.");
    expect(note.textContent).toContain('recorded as handed in by the owner');
    expect(form.getAttribute('aria-describedby')).toBe(note.id);
    // The focus moves into the form (the drop zone), not lost with the button that opened it.
    expect(form.contains(document.activeElement)).toBe(true);

    await choose([pdf()]);
    fireEvent.change(within(form).getByRole('textbox', { name: /Additional notes/ }), {
      target: { value: 'Handed in on paper' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit for Team 2' }));

    await waitFor(() => expect(upload.requests).toHaveLength(1), SETTLE);
    expect(upload.requests[0]!.method).toBe('POST');
    expect(upload.requests[0]!.url).toBe(
      `/api/workspaces/w1/assignments/a1/submissions?onBehalfOf=${TEAM_2}`,
    );
    expect(upload.requests[0]!.body.get('notes')).toBe('Handed in on paper');
    expect((upload.requests[0]!.body.get('files') as File).name).toBe('essay.pdf');
    await waitFor(() => expect(success).toHaveBeenCalledWith('Handed in for Team 2.'), SETTLE);
    // Closed again, the focus back on its button.
    await waitFor(() => expect(handInButton()).toBeTruthy(), SETTLE);
    expect(document.activeElement).toBe(handInButton());
  });

  it("sends the leader's own hand-in without onBehalfOf", async () => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    showPanel('submit');
    await choose([pdf()]);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(upload.requests).toHaveLength(1), SETTLE);
    expect(upload.requests[0]!.url).toBe('/api/workspaces/w1/assignments/a1/submissions');
  });

  it('keeps the chosen file and the notes when the server refuses, and says why', async () => {
    upload.answers.push({
      status: 404,
      body: { error: 'team_not_found', message: 'Team not found' },
    });
    showPanel('manage');
    fireEvent.click(handInButton()!);
    await choose([pdf()]);
    const notes = screen.getByRole('textbox', { name: /Additional notes/ });
    fireEvent.change(notes, { target: { value: 'Keep me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for Team 2' }));

    const item = await screen.findByTestId('upload-item', {}, SETTLE);
    await waitFor(() => expect(item.getAttribute('data-status')).toBe('failed'), SETTLE);
    expect(item.textContent).toContain('Team not found');
    expect(upload.requests).toHaveLength(1);
    expect((notes as HTMLTextAreaElement).value).toBe('Keep me');
    expect(screen.getByRole('button', { name: 'Submit for Team 2' })).toBeTruthy();
  });

  it('refuses to send without a file, with the leader form’s words', async () => {
    showPanel('manage');
    fireEvent.click(handInButton()!);
    fireEvent.click(screen.getByRole('button', { name: 'Submit for Team 2' }));
    expect((await screen.findByTestId('upload-refusal')).textContent).toBe(
      'Please select at least one file',
    );
    expect(upload.requests).toHaveLength(0);
  });

  it('is open to the owner before the window opens (the server takes it), marked late after it', () => {
    showPanel('manage', { phase: 'upcoming' });
    fireEvent.click(handInButton()!);
    expect(screen.getByTestId('on-behalf-note').textContent).toContain(
      'The window has not opened yet; as the owner you can still hand in.',
    );
    expect(screen.getByRole('button', { name: 'Submit for Team 2' })).toBeTruthy();
    cleanup();

    // The leader is told the window has not opened, with nothing to send.
    showPanel('submit', { phase: 'upcoming' });
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    cleanup();

    showPanel('manage', { phase: 'ended' });
    fireEvent.click(handInButton()!);
    expect(screen.getByTestId('late-warning')).toBeTruthy();
  });

  it('Cancel closes it and gives the focus back', () => {
    showPanel('manage');
    fireEvent.click(handInButton()!);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Hand in for Team 2' })).toBeNull();
    expect(document.activeElement).toBe(handInButton());
  });

  it('is in Korean', async () => {
    await i18n.changeLanguage('ko');
    showPanel('manage');
    fireEvent.click(screen.getByRole('button', { name: '2팀 대신 제출' }));
    expect(screen.getByTestId('on-behalf-note').textContent).toContain(
      '소유자가 대신 제출한 것으로 기록되며',
    );
    expect(screen.getByRole('button', { name: '2팀으로 제출' })).toBeTruthy();
  });
});

describe("a team's row after the owner handed in for it", () => {
  function showRow(team: AssignmentTeamState) {
    render(
      <MantineProvider>
        <ul>
          <TeamRow
            team={team}
            phase="open"
            viewer={{ canManage: false, myTeamId: TEAM_2, isLeader: false }}
            onOpen={() => {}}
            onEvaluate={() => {}}
          />
        </ul>
      </MantineProvider>,
    );
  }

  it("shows the attempt and the 'handed in by the owner' mark; a leader's attempt has none", () => {
    showRow(HANDED_IN);
    expect(screen.getByTestId('team-status').textContent).toBe('Submitted');
    expect(screen.getByText(/Attempt 1/)).toBeTruthy();
    expect(screen.getByTestId('by-owner').textContent).toBe('handed in by the owner');
    cleanup();
    showRow({ ...HANDED_IN, latest: { ...HANDED_IN.latest!, byOwner: false } });
    expect(screen.queryByTestId('by-owner')).toBeNull();
  });
});

describe('an assignment that closes at its deadline (decision 0030)', () => {
  it("is closed to the leader after the end, open to the owner on the team's behalf and to an extended team", () => {
    showPanel('submit', { phase: 'ended', late: { latePolicy: 'close' } });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Closed' }).disabled).toBe(true);
    expect(screen.getByTestId('closed-notice')).toBeTruthy();
    cleanup();

    showPanel('manage', { phase: 'ended', late: { latePolicy: 'close' } });
    expect(screen.getByRole('button', { name: 'Extend deadline' })).toBeTruthy();
    fireEvent.click(handInButton()!);
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Submit for Team 2' }).disabled,
    ).toBe(false);
    expect(screen.getByTestId('late-warning')).toBeTruthy();
    cleanup();

    const later = new Date(Date.now() + 86_400_000).toISOString();
    showPanel('submit', {
      phase: 'ended',
      late: { latePolicy: 'close' },
      team: { ...PENDING_TEAM, extendedTo: later },
    });
    expect(screen.queryByTestId('closed-notice')).toBeNull();
    expect(screen.getByTestId('own-deadline')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' }).disabled).toBe(false);
  });
});
