import { describe, expect, it } from 'vitest';
import { duplicateEmailAfter } from './email-changes';
import { duplicateNames, memberDisplayNames } from './team-view';
import { buildWorkspaceDetail } from './workspace-fixture';

// Issue 23, one person, one roster entry: duplicate names shown apart, duplicate e-mails caught
// before sending.
describe('duplicate members', () => {
  const base = buildWorkspaceDetail();
  const rename = (names: Record<string, string>, teamIds: Record<string, string | null> = {}) => ({
    ...base,
    members: base.members.map((member) => ({
      ...member,
      name: names[member.id] ?? member.name,
      teamId: member.id in teamIds ? (teamIds[member.id] ?? null) : member.teamId,
    })),
  });

  it('leaves unique names as they are', () => {
    expect([...memberDisplayNames(base).values()]).toEqual(['Ann', 'Bob', 'Cy', 'Dee']);
  });

  it('adds the team to a name two members in different teams share (any case or spaces)', () => {
    const names = memberDisplayNames(rename({ cy: ' ann ' }));
    expect(names.get('ann')).toBe('Ann (Team 1)');
    expect(names.get('cy')).toBe(' ann  (Team 2)');
    expect(names.get('bob')).toBe('Bob');
  });

  it('adds the place among the same-named when two are in one team, or in none', () => {
    const sameTeam = memberDisplayNames(rename({ bob: 'Ann', dee: 'Ann' }));
    expect([sameTeam.get('ann'), sameTeam.get('bob'), sameTeam.get('dee')]).toEqual([
      'Ann (Team 1, 1)',
      'Ann (Team 1, 2)',
      'Ann (Team 2)',
    ]);
    const noTeam = memberDisplayNames(rename({ bob: 'Ann' }, { ann: null, bob: null }));
    expect([noTeam.get('ann'), noTeam.get('bob')]).toEqual(['Ann (1)', 'Ann (2)']);
    // Every member is shown under a different name.
    expect(new Set(sameTeam.values()).size).toBe(base.members.length);
  });

  it('lists the names two members share, for the warning', () => {
    expect(duplicateNames(base.members)).toEqual([]);
    expect(
      duplicateNames([{ name: 'Ann' }, { name: 'Bob' }, { name: 'ann ' }, { name: 'ANN' }]),
    ).toEqual([{ name: 'Ann', count: 3 }]);
  });

  it('finds an e-mail another member has, or one given twice, before it is sent', () => {
    expect(duplicateEmailAfter(base, [{ memberId: 'bob', email: ' CY@example.com' }])).toEqual({
      email: 'cy@example.com',
      holderId: 'cy',
      memberId: 'bob',
    });
    expect(
      duplicateEmailAfter(base, [
        { memberId: 'bob', email: 'new@example.com' },
        { memberId: 'dee', email: 'New@example.com' },
      ]),
    ).toEqual({ email: 'new@example.com', holderId: 'bob', memberId: 'dee' });
    // A swap, and a cleared address given to someone else, are fine.
    expect(
      duplicateEmailAfter(base, [
        { memberId: 'ann', email: 'cy@example.com' },
        { memberId: 'cy', email: 'ann@example.com' },
      ]),
    ).toBeNull();
    expect(
      duplicateEmailAfter(base, [
        { memberId: 'cy', email: '' },
        { memberId: 'dee', email: 'cy@example.com' },
      ]),
    ).toBeNull();
  });
});
