import { sql, type SQL } from 'drizzle-orm';
import { check, integer, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { LatePolicy } from '@teamshuffle/domain';

// The late-rule columns an assignment and a note's task share (migration 0038, decision 0030).

export function lateRuleColumns() {
  return {
    latePolicy: text('late_policy').$type<LatePolicy>().notNull().default('accept'),
    latePenaltyPercentPerDay: integer('late_penalty_percent_per_day'),
    latePenaltyFloorPercent: integer('late_penalty_floor_percent'),
    graceMinutes: integer('grace_minutes').notNull().default(0),
  };
}

interface LateRuleTable {
  latePolicy: AnyPgColumn;
  latePenaltyPercentPerDay: AnyPgColumn;
  latePenaltyFloorPercent: AnyPgColumn;
  graceMinutes: AnyPgColumn;
}

export function lateRuleChecks(prefix: string, table: LateRuleTable) {
  const penaltyRule: SQL = sql`(${table.latePolicy} = 'penalty') = (${table.latePenaltyPercentPerDay} IS NOT NULL) AND (${table.latePenaltyPercentPerDay} IS NULL OR ${table.latePenaltyPercentPerDay} between 1 and 100)`;
  return [
    check(`${prefix}_late_policy`, sql`${table.latePolicy} in ('accept', 'penalty', 'close')`),
    check(`${prefix}_late_penalty`, penaltyRule),
    check(
      `${prefix}_late_penalty_floor`,
      sql`${table.latePenaltyFloorPercent} IS NULL OR ${table.latePenaltyFloorPercent} between 0 and 100`,
    ),
    check(`${prefix}_grace_minutes`, sql`${table.graceMinutes} between 0 and 1440`),
  ];
}
