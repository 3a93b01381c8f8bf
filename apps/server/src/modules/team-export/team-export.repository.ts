import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import type { Db } from '../../plugins/database.ts';

/** One roster entry as the teams export lists it. */
export type TeamExportRow = {
  name: string;
  email: string | null;
  teamNumber: number | null;
  isLeader: boolean;
};

/** The roster in team order (each team's members in roster order), then members without a team. */
export async function loadTeamRoster(db: Db, workspaceId: string): Promise<TeamExportRow[]> {
  const result = await db.execute(sql`
    select m.name, m.email, t.number as "teamNumber",
      coalesce(t.leader_member_id = m.id, false) as "isLeader"
    from workspace_members m left join teams t on t.id = m.team_id
    where m.workspace_id = ${workspaceId}
    order by t.number nulls last, m.position`);
  return rowsOf<TeamExportRow>(result);
}
