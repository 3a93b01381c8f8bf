import { describe, expect, it } from 'vitest';
import { errors, fillPlaceholders } from './errors.ts';
import { memberLabel } from './member-label.ts';
import { firstDuplicateEmail } from './workspaces.ts';

describe('one e-mail per member (issue 23)', () => {
  it('finds the first e-mail two members share, trimmed and case-insensitive, blanks ignored', () => {
    const ann = { name: 'Ann', email: 'ann@example.com' };
    const ben = { name: 'Ben', email: ' ANN@Example.com ' };
    const members: Array<{ name: string; email?: string }> = [
      ann,
      { name: 'Cy', email: '' },
      { name: 'Di' },
      ben,
    ];
    expect(firstDuplicateEmail(members)).toEqual({
      email: 'ann@example.com',
      holder: ann,
      other: ben,
    });
    expect(
      firstDuplicateEmail([{ email: null }, { email: null }, { email: '  ' }, { email: ' ' }]),
    ).toBeNull();
  });

  it('names both members with their teams in the message', () => {
    expect(memberLabel('Ann', 1)).toBe('Ann (Team 1)');
    expect(memberLabel('Ben', null)).toBe('Ben (no team)');
    expect(
      fillPlaceholders(errors.duplicate_member_email.message, {
        email: 'ann@example.com',
        holder: memberLabel('Ann', 1),
        member: memberLabel('Ben', 2),
      }),
    ).toBe(
      'ann@example.com is already the e-mail of Ann (Team 1); Ben (Team 2) cannot have it too.',
    );
    expect(errors.duplicate_member_email.status).toBe(400);
  });
});
