import { describe, expect, it } from 'vitest';
import {
  assertOneEmailPerMember,
  memberNameKey,
  sharedEmailError,
  snapshotSharedEmail,
} from './duplicate-members.ts';
import { AppError } from './errors.ts';
import { memberLabel, parseMemberLabel } from './member-label.ts';

// One person, one roster entry (issue 23): the check Save Result, Create Team and /app share.
const snapshot = {
  members: [
    { id: 'a', name: 'Ann', email: 'ann@example.com' },
    { id: 'b', name: 'Ben' },
    { id: 'c', name: 'Cy', email: 'cy@example.com' },
    { id: 'd', name: 'Dee', email: '  ANN@Example.COM ' },
  ],
  groups: [
    { number: 1, memberIds: ['a', 'b'] },
    { number: 2, memberIds: ['c', 'd'] },
  ],
};

describe('snapshotSharedEmail', () => {
  it('finds the first e-mail two members share (trimmed, any case) with both and their teams', () => {
    expect(snapshotSharedEmail(snapshot)).toEqual({
      email: 'ann@example.com',
      holder: { id: 'a', name: 'Ann', teamNumber: 1 },
      member: { id: 'd', name: 'Dee', teamNumber: 2 },
    });
  });

  it('is null when every e-mail is one member’s, blanks and missing ones ignored', () => {
    const members = snapshot.members.map((member) =>
      member.id === 'd' ? { ...member, email: 'dee@example.com' } : member,
    );
    expect(snapshotSharedEmail({ ...snapshot, members })).toBeNull();
    expect(
      snapshotSharedEmail({
        members: [
          { id: 'x', name: 'X', email: ' ' },
          { id: 'y', name: 'Y', email: '' },
          { id: 'z', name: 'Z' },
        ],
        groups: [],
      }),
    ).toBeNull();
  });

  it('names a member outside every group as having no team', () => {
    expect(snapshotSharedEmail({ ...snapshot, groups: [] })?.member.teamNumber).toBeNull();
  });
});

describe('assertOneEmailPerMember', () => {
  it('throws the 400 duplicate_member_email naming both members with their teams', () => {
    let caught: unknown;
    try {
      assertOneEmailPerMember(snapshot);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect(caught).toMatchObject({
      id: 'duplicate_member_email',
      status: 400,
      field: 'snapshot.members',
      message:
        'ann@example.com is already the e-mail of Ann (Team 1); Dee (Team 2) cannot have it too.',
    });
  });

  it('passes a roster where no e-mail is shared', () => {
    expect(() => assertOneEmailPerMember({ ...snapshot, members: [] })).not.toThrow();
  });

  it('builds the error for a field the caller names', () => {
    const shared = snapshotSharedEmail(snapshot)!;
    expect(sharedEmailError(shared, 'dee').field).toBe('dee');
  });
});

describe('memberNameKey', () => {
  it('compares names without case, surrounding spaces or repeated inner spaces', () => {
    expect(memberNameKey('  Ann   LEE ')).toBe(memberNameKey('ann lee'));
    expect(memberNameKey('Ann Lee')).not.toBe(memberNameKey('AnnLee'));
    // The same letters written composed and decomposed are one name.
    expect(memberNameKey('Jos\u00e9')).toBe(memberNameKey('Jose\u0301'));
  });
});

describe('parseMemberLabel', () => {
  it('reads back what memberLabel writes', () => {
    expect(parseMemberLabel(memberLabel('Ann Lee', 3))).toEqual({ name: 'Ann Lee', teamNumber: 3 });
    expect(parseMemberLabel(memberLabel('Ben', null))).toEqual({ name: 'Ben', teamNumber: null });
    // A name that itself ends like a label keeps it: the team is the last parenthesis.
    expect(parseMemberLabel(memberLabel('Cy (Team 9)', 2))).toEqual({
      name: 'Cy (Team 9)',
      teamNumber: 2,
    });
    expect(parseMemberLabel('another member')).toBeNull();
  });
});
