// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { EMPTY_DRAFT, draftReducer, newMembers } from '../model/draft';
import type { DraftAction } from '../model/draft';
import { browserStorage, saveDraft } from '../model/draft-storage';
import { TeamFormationPage } from './team-formation-page';

// Issue 27: after Save Result, Create Team held the saved title and one click created a
// workspace (a teacher made one by accident). Creating one is always a deliberate step: the
// dialog opens empty, and the saved title is reused only by choosing it.

const createMutate = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/session/session-context', () => ({
  useSession: () => ({
    status: 'signedIn',
    user: { id: 'u1', isVerified: true, name: 'Teacher', email: 't@example.com' },
  }),
}));
vi.mock('../api/create-workspace', () => ({
  useCreateWorkspace: () => ({ mutate: createMutate, isPending: false }),
}));
vi.mock('../api/save-result', () => ({
  useSaveResult: () => ({ mutate: vi.fn(), isPending: false }),
}));

beforeEach(() => {
  stubMatchMedia();
  let next = 0;
  const actions: DraftAction[] = [
    { type: 'addMembers', members: newMembers(['Ann', 'Bo', 'Cy', 'Di'], () => `m${++next}`) },
    { type: 'setTeamCount', teamCount: 2 },
    {
      type: 'setOutcome',
      outcome: {
        groups: [
          { number: 1, memberIds: ['m1', 'm2'] },
          { number: 2, memberIds: ['m3', 'm4'] },
        ],
        seed: '1',
        unevenReason: null,
        savedAs: null,
      },
    },
    { type: 'markSaved', savedAs: { id: 'r1', title: 'Week 1 Teams' } },
  ];
  saveDraft(browserStorage(), actions.reduce(draftReducer, EMPTY_DRAFT));
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  createMutate.mockReset();
  vi.unstubAllGlobals();
});

// The page and its lazily loaded dialog take seconds on a loaded machine: wait for conditions.
const WAIT = { timeout: 15_000 };

it(
  'Create Team after Save Result opens empty; the saved title is reused only when chosen',
  { timeout: 60_000 },
  async () => {
    render(
      <MantineProvider>
        <MemoryRouter>
          <TeamFormationPage loadRequest={null} requestKey="k" onLoadRequestHandled={vi.fn()} />
        </MemoryRouter>
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Team' }, WAIT);
    const name = await screen.findByRole<HTMLInputElement>('textbox', { name: /Team name/ }, WAIT);
    expect(name.value).toBe('');
    expect(dialog.textContent).toContain('From your saved result "Week 1 Teams".');

    // One click on Create Team does not create a workspace named after the saved result.
    fireEvent.click(screen.getAllByRole('button', { name: 'Create Team' }).at(-1)!);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'), WAIT);
    expect(createMutate).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Use the saved title "Week 1 Teams"' }));
    expect(name.value).toBe('Week 1 Teams');
    fireEvent.click(screen.getAllByRole('button', { name: 'Create Team' }).at(-1)!);
    await waitFor(
      () =>
        expect(createMutate).toHaveBeenCalledWith(
          { title: 'Week 1 Teams', resultId: 'r1' },
          expect.anything(),
        ),
      WAIT,
    );
  },
);
