import type { WorkspaceDetail } from '@teamshuffle/domain';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { type MemberNameFormat, memberDisplayNames } from '../utils/team-view';

type MemberNames = { nameOf: (memberId: string) => string; withTeam: (memberId: string) => string };
const cache = new WeakMap<WorkspaceDetail, { t: unknown; names: MemberNames }>();

/**
 * Members as the interface names them (issue 23): a shared name written apart in the interface
 * language ('Ann (Team 1)'), and `withTeam` for messages that name a member with their team.
 */
export function useMemberNames(detail: WorkspaceDetail): MemberNames {
  const { t } = useTranslation();
  return useMemo(() => {
    // Every team card asks; the names of one detail in one language are worked out once.
    const cached = cache.get(detail);
    if (cached?.t === t) return cached.names;
    const format: MemberNameFormat = (name, number, place) => {
      if (number === null) return t('workspace.memberName.place', { name, place: place ?? '' });
      if (place === null) return t('workspace.memberName.team', { name, number });
      return t('workspace.memberName.teamPlace', { name, number, place });
    };
    const names = memberDisplayNames(detail, format);
    const teamNumber = new Map(detail.teams.map((team) => [team.id, team.number]));
    const withTeam = (memberId: string) => {
      const member = detail.members.find((candidate) => candidate.id === memberId);
      if (!member) return '?';
      const number = member.teamId ? teamNumber.get(member.teamId) : undefined;
      return number === undefined
        ? member.name
        : t('workspace.memberName.team', { name: member.name, number });
    };
    const result = { nameOf: (memberId: string) => names.get(memberId) ?? '?', withTeam };
    cache.set(detail, { t, names: result });
    return result;
  }, [detail, t]);
}
