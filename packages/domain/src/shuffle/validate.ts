// Checks shared by the zod schema (which reports every problem as a field issue) and the engine
// (which throws the first one as an AppError): unique member ids, and constraints that name
// known members the way the spec asks. Linear in the size of the input.
import { appError, type AppError } from '../errors.ts';
import type { ConstraintKind, FormTeamsInput, MemberConstraint } from './types.ts';

/** One problem of an input, with the path of the offending field. */
export type InputProblem = { error: AppError; path: (string | number)[] };

/** The member lists and constraints of an input, as `checkReferences` reads them. */
export type ReferenceInput = Pick<
  FormTeamsInput,
  'members' | 'fixedPairs' | 'lockedTeams' | 'keepApart'
>;

const KIND_WORDS: Record<ConstraintKind, string> = {
  fixedPair: 'fixed pair',
  lockedTeam: 'locked team',
  keepApart: 'keep-apart pair',
};
const KIND_FIELDS = {
  fixedPair: 'fixedPairs',
  lockedTeam: 'lockedTeams',
  keepApart: 'keepApart',
} as const satisfies Record<ConstraintKind, keyof ReferenceInput>;

/** Member index by id, and the problems found (stops after the first when `firstOnly`). */
export function checkReferences(
  input: ReferenceInput,
  firstOnly: boolean,
): { problems: InputProblem[]; indexOf: Map<string, number> } {
  const problems: InputProblem[] = [];
  const indexOf = new Map<string, number>();
  const full = () => firstOnly && problems.length > 0;

  const { members } = input;
  for (let index = 0; index < members.length && !full(); index++) {
    const id = members[index]!.id;
    if (indexOf.has(id)) {
      const path = ['members', index, 'id'];
      problems.push({
        error: appError('duplicate_member_id', { id }, { field: path.join('.') }),
        path,
      });
    } else indexOf.set(id, index);
  }

  const nameOf = (id: string) => input.members[indexOf.get(id) ?? -1]?.name ?? id;

  const check = (kind: ConstraintKind, list: readonly MemberConstraint[] | undefined) => {
    const field = KIND_FIELDS[kind];
    const seenIds = new Set<string>();
    (list ?? []).forEach((constraint, index) => {
      if (full()) return;
      const report = (reason: string, ...rest: (string | number)[]) => {
        const path = [field, index, ...rest];
        const error = appError(
          'invalid_constraint',
          { kind: KIND_WORDS[kind], reason },
          { field: path.join('.') },
        );
        problems.push({ error, path });
      };
      if (seenIds.has(constraint.id)) {
        return report(`its id "${constraint.id}" is used by another ${KIND_WORDS[kind]}`, 'id');
      }
      seenIds.add(constraint.id);
      const ids: readonly string[] = Array.isArray(constraint.memberIds)
        ? constraint.memberIds
        : [];
      // spec part 1, section 5: a fixed pair needs exactly two members, a locked team at least one
      if (kind !== 'lockedTeam' && ids.length !== 2) {
        return report('it needs exactly two members', 'memberIds');
      }
      if (kind === 'lockedTeam' && ids.length === 0) {
        return report('it needs at least one member', 'memberIds');
      }
      const seen = new Set<string>();
      for (const [position, id] of ids.entries()) {
        if (!indexOf.has(id)) {
          return report(
            `it names a member who is not in the member list ("${id}")`,
            'memberIds',
            position,
          );
        }
        if (seen.has(id)) {
          return kind === 'lockedTeam'
            ? report(`${nameOf(id)} is listed more than once`, 'memberIds', position)
            : report(
                `it needs two different members, but ${nameOf(id)} is chosen twice`,
                'memberIds',
                position,
              );
        }
        seen.add(id);
      }
    });
  };
  check('fixedPair', input.fixedPairs);
  check('lockedTeam', input.lockedTeams);
  check('keepApart', input.keepApart);
  return { problems, indexOf };
}
