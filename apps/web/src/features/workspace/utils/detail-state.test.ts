import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { selectDetailState } from './detail-state';

const notFound = new ApiError(404, {
  error: 'workspace_not_found',
  message: 'Workspace not found',
});

describe('selectDetailState', () => {
  it('checks access first, then loads the team', () => {
    expect(selectDetailState({ sessionStatus: 'loading', isPending: true, error: null })).toBe(
      'checkingAccess',
    );
    expect(selectDetailState({ sessionStatus: 'signedIn', isPending: true, error: null })).toBe(
      'loadingTeam',
    );
    expect(selectDetailState({ sessionStatus: 'signedOut', isPending: false, error: null })).toBe(
      'ready',
    );
  });

  it('a 404 is Access Denied when signed out and not found when signed in', () => {
    expect(
      selectDetailState({ sessionStatus: 'signedOut', isPending: false, error: notFound }),
    ).toBe('accessDenied');
    expect(
      selectDetailState({ sessionStatus: 'signedIn', isPending: false, error: notFound }),
    ).toBe('notFound');
  });

  it('an unverified e-mail (403) is Access Denied; other failures are errors', () => {
    const unverified = new ApiError(403, { error: 'email_not_verified', message: 'Verify' });
    expect(
      selectDetailState({ sessionStatus: 'signedIn', isPending: false, error: unverified }),
    ).toBe('accessDenied');
    const failure = new ApiError(500, { error: 'internal', message: 'x' });
    expect(selectDetailState({ sessionStatus: 'signedIn', isPending: false, error: failure })).toBe(
      'error',
    );
  });
});
