import { toCsv } from '@teamshuffle/domain';
import type { Db } from '../../plugins/database.ts';
import type { Access } from '../workspace-access/workspace-access.ts';
import { loadTeamRoster, type TeamExportRow } from './team-export.repository.ts';

/**
 * The teams as CSV (issue 24, "Export the teams"): Team, Member, E-mail, Leader (yes or empty),
 * one row per member in team order, then the members without a team. The domain's `toCsv` adds
 * the byte-order mark and makes text cells safe from formulas, as the grade sheet does.
 */
export function teamsCsv(rows: readonly TeamExportRow[]): string {
  return toCsv([
    ['Team', 'Member', 'E-mail', 'Leader'],
    ...rows.map((row) => [
      row.teamNumber === null ? '' : `Team ${row.teamNumber}`,
      row.name,
      row.email ?? '',
      row.isLeader ? 'yes' : '',
    ]),
  ]);
}

/** The CSV of a workspace the caller owns (the route's guard checked `exportTeams`). */
export async function exportTeamsCsv(db: Db, access: Access): Promise<string> {
  return teamsCsv(await loadTeamRoster(db, access.workspace.id));
}
