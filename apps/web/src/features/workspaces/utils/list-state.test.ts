import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { selectListState } from './list-state';
import type { ListStateInput } from './list-state';

const base: ListStateInput = {
  sessionStatus: 'signedIn',
  user: null,
  isPending: false,
  error: null,
  count: 2,
};
const forbidden = new ApiError(403, {
  error: 'view_teams_forbidden',
  message: "You do not have permission to view this user's teams.",
});

describe('selectListState', () => {
  it('checks access while the session is unknown', () => {
    expect(selectListState({ ...base, sessionStatus: 'loading', isPending: true })).toBe(
      'checkingAccess',
    );
  });

  it('loads, then shows the grid or the empty state', () => {
    expect(selectListState({ ...base, isPending: true, count: 0 })).toBe('loadingTeams');
    expect(selectListState(base)).toBe('grid');
    expect(selectListState({ ...base, count: 0 })).toBe('empty');
  });

  it('signed out: public workspaces, or Please Sign In when there are none', () => {
    expect(selectListState({ ...base, sessionStatus: 'signedOut' })).toBe('grid');
    expect(selectListState({ ...base, sessionStatus: 'signedOut', count: 0 })).toBe(
      'signInRequired',
    );
  });

  it("another user's teams: denied when signed out or refused", () => {
    expect(
      selectListState({ ...base, sessionStatus: 'signedOut', user: 'u2', isPending: true }),
    ).toBe('accessDenied');
    expect(selectListState({ ...base, user: 'u2', error: forbidden })).toBe('accessDenied');
  });

  it('any other failure is an error with a retry', () => {
    const error = new ApiError(500, { error: 'internal', message: 'x' });
    expect(selectListState({ ...base, error })).toBe('error');
  });
});
