import { describe, expect, it } from 'vitest';
import { can, diffEmails, resolveRole, WORKSPACE_PERMISSIONS } from './roles.ts';

const owner = { userId: 'u-owner' };
const other = { userId: 'u-other' };
const privateWs = { ownerId: 'u-owner', isPublic: false, membership: null };
const publicWs = { ...privateWs, isPublic: true };

describe('resolveRole (spec part 2, section 4)', () => {
  it('denies a missing workspace first', () => {
    expect(resolveRole(owner, null)).toEqual({ denied: 'Workspace not found' });
  });

  it('gives signed-out visitors viewer on public workspaces only', () => {
    expect(resolveRole(null, publicWs)).toEqual({ role: 'viewer' });
    expect(resolveRole(null, privateWs)).toEqual({ denied: 'User not logged in' });
  });

  it('recognises the owner, then leaders and members (who keep their role when public)', () => {
    expect(resolveRole(owner, publicWs)).toEqual({ role: 'owner' });
    expect(resolveRole(other, { ...privateWs, membership: 'leader' })).toEqual({ role: 'leader' });
    expect(resolveRole(other, { ...publicWs, membership: 'member' })).toEqual({ role: 'member' });
    expect(resolveRole(other, { ...publicWs, membership: 'leader' })).toEqual({ role: 'leader' });
  });

  it('makes strangers viewers of public workspaces and denies them private ones', () => {
    expect(resolveRole(other, publicWs)).toEqual({ role: 'viewer' });
    expect(resolveRole(other, privateWs)).toEqual({
      denied: 'User is not a member of this workspace',
    });
  });
});

describe('the permission table', () => {
  it('keeps management with the owner and e-mails away from viewers', () => {
    for (const action of [
      'rename',
      'changeVisibility',
      'delete',
      'changeLeader',
      'setLeaderEmails',
      'manageJoining',
    ] as const) {
      expect(WORKSPACE_PERMISSIONS[action]).toEqual(['owner']);
    }
    expect(can('viewer', 'readEmails')).toBe(false);
    expect(can('member', 'readEmails')).toBe(true);
    expect(can('viewer', 'read')).toBe(true);
    expect(can('leader', 'rename')).toBe(false);
  });
});

describe('diffEmails', () => {
  it('computes added and removed entries, ignoring blanks, case and spaces', () => {
    expect(diffEmails(['a@x.org', 'B@x.org'], [' b@X.org ', '', 'c@x.org'])).toEqual({
      added: ['c@x.org'],
      removed: ['a@x.org'],
      isChanged: true,
    });
    expect(diffEmails(['a@x.org'], ['A@X.ORG', '  '])).toEqual({
      added: [],
      removed: [],
      isChanged: false,
    });
  });
});
