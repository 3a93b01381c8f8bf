// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type {
  PeerEvaluationForm,
  PeerEvaluationResults,
  PeerEvaluationSummary,
} from '@teamshuffle/domain';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { useAnswerPeerEvaluation } from './answer-peer-evaluation';
import { useCreatePeerEvaluation } from './create-peer-evaluation';
import { useChangePeerEvaluation } from './update-peer-evaluation';

// Issue 25: the gradebook, My grades and Team Scores show peer evaluations (a column each, the
// factor on the items it is applied to). A change made on the peer-evaluation page refreshes
// them: the owner who applied a factor and went back to the gradebook saw it unadjusted (the
// gradebook e2e caught it: the page's cached gradebook was under 30 s old, so not fetched again).

const WS = 'ws-1';
const EVALUATION = '33333333-3333-4333-8333-333333333333';
const ESSAY = '44444444-4444-4444-8444-444444444444';
const SUMMARY: PeerEvaluationSummary = {
  id: EVALUATION,
  title: 'Midterm',
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: '2099-01-01T00:00:00.000Z',
  state: 'open',
  factorCap: 1.05,
  releasedAt: null,
  teamIds: ['t1'],
  expected: 4,
  answered: 4,
  hasAnswered: null,
};
const RESULTS: PeerEvaluationResults = {
  evaluation: SUMMARY,
  members: [],
  teams: [],
  comments: [],
  applications: [{ itemKind: 'assignment', itemId: ESSAY }],
  items: [{ itemKind: 'assignment', itemId: ESSAY, title: 'Essay' }],
};
const FORM: PeerEvaluationForm = {
  evaluation: SUMMARY,
  teammates: [],
  response: null,
  result: null,
};

// Keys under the assignments' root, as the gradebook feature builds them; and another course's.
const GRADEBOOK = [...queryKeys.assignments.all(WS), 'gradebook'];
const MY_GRADES = [...queryKeys.assignments.all(WS), 'my-grades', 'u1'];
const OTHER_COURSE = [...queryKeys.assignments.all('ws-2'), 'gradebook'];

let client: QueryClient;
let fetchMock: ReturnType<typeof vi.fn>;

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  for (const key of [GRADEBOOK, MY_GRADES, OTHER_COURSE])
    client.setQueryData(key, { cached: true });
  fetchMock = vi.fn((url: string) => {
    if (url.endsWith('/response')) return Promise.resolve(json(FORM));
    if (url.endsWith('/peer-evaluations')) return Promise.resolve(json(SUMMARY, 201));
    return Promise.resolve(json(RESULTS));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function expectGradesRefreshed() {
  expect(client.getQueryState(GRADEBOOK)?.isInvalidated).toBe(true);
  expect(client.getQueryState(MY_GRADES)?.isInvalidated).toBe(true);
  // Only this course's.
  expect(client.getQueryState(OTHER_COURSE)?.isInvalidated).toBe(false);
}

describe('peer evaluation changes refresh the grades that show them', () => {
  it('applying the factor to an item', async () => {
    const { result } = renderHook(() => useChangePeerEvaluation(WS, EVALUATION), { wrapper });
    expect(client.getQueryState(GRADEBOOK)?.isInvalidated).toBe(false);
    await act(() =>
      result.current.mutateAsync({
        kind: 'apply',
        item: { itemKind: 'assignment', itemId: ESSAY },
        isApplied: true,
      }),
    );
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(
      `/api/workspaces/${WS}/peer-evaluations/${EVALUATION}/applications/assignment/${ESSAY}`,
    );
    expect(init.method).toBe('PUT');
    expectGradesRefreshed();
  });

  it('releasing the results', async () => {
    const { result } = renderHook(() => useChangePeerEvaluation(WS, EVALUATION), { wrapper });
    await act(() => result.current.mutateAsync({ kind: 'release' }));
    expectGradesRefreshed();
  });

  it('opening an evaluation (a new gradebook column)', async () => {
    const { result } = renderHook(() => useCreatePeerEvaluation(WS), { wrapper });
    await act(() =>
      result.current.mutateAsync({
        title: 'Midterm',
        startsAt: SUMMARY.startsAt,
        endsAt: SUMMARY.endsAt,
        teamIds: ['11111111-1111-4111-8111-111111111111'],
        factorCap: 1.05,
      }),
    );
    expectGradesRefreshed();
  });

  it("a member's answer", async () => {
    const { result } = renderHook(() => useAnswerPeerEvaluation(WS, EVALUATION), { wrapper });
    await act(() => result.current.mutateAsync({ ratings: [], comment: '' }));
    expectGradesRefreshed();
  });
});
