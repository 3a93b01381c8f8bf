import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PeerItemKind } from '@teamshuffle/domain';
import { user } from '../users/users.table.ts';
import { teams, workspaces } from '../workspaces/workspaces.table.ts';

// Peer evaluation (issue 25, decision 0026, migration 0034).

/** One peer evaluation: a window on chosen teams, the factor's cap, released or not. */
export const peerEvaluations = pgTable(
  'peer_evaluations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    factorCap: doublePrecision('factor_cap').notNull().default(1.05),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('peer_evaluations_workspace_idx').on(table.workspaceId, table.createdAt),
    check('peer_evaluations_window', sql`${table.endsAt} > ${table.startsAt}`),
    check('peer_evaluations_cap', sql`${table.factorCap} between 1 and 1.5`),
  ],
);

/** The teams an evaluation runs on. */
export const peerEvaluationTeams = pgTable(
  'peer_evaluation_teams',
  {
    evaluationId: uuid('evaluation_id')
      .notNull()
      .references(() => peerEvaluations.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.evaluationId, table.teamId] })],
);

/**
 * A member's answer: one per evaluation and rater (a second save replaces the ratings). The rater
 * is a roster entry (no foreign key: an answer outlives a removed member, as the roster log does);
 * `team_id` is the team they rated in. The comment is for the owner only.
 */
export const peerResponses = pgTable(
  'peer_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    evaluationId: uuid('evaluation_id')
      .notNull()
      .references(() => peerEvaluations.id, { onDelete: 'cascade' }),
    raterMemberId: uuid('rater_member_id').notNull(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('peer_responses_one_per_rater').on(table.evaluationId, table.raterMemberId),
  ],
);

/** One rating: a rater's five scores for one teammate (or themselves), each 1-5. */
export const peerRatings = pgTable(
  'peer_ratings',
  {
    responseId: uuid('response_id')
      .notNull()
      .references(() => peerResponses.id, { onDelete: 'cascade' }),
    rateeMemberId: uuid('ratee_member_id').notNull(),
    contributing: smallint('contributing').notNull(),
    interacting: smallint('interacting').notNull(),
    keepingOnTrack: smallint('keeping_on_track').notNull(),
    expectingQuality: smallint('expecting_quality').notNull(),
    knowledge: smallint('knowledge').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.responseId, table.rateeMemberId] }),
    check(
      'peer_ratings_range',
      sql`${table.contributing} between 1 and 5 and ${table.interacting} between 1 and 5 and ${table.keepingOnTrack} between 1 and 5 and ${table.expectingQuality} between 1 and 5 and ${table.knowledge} between 1 and 5`,
    ),
  ],
);

/**
 * Reminders already sent: one row per evaluation and member, claimed (a primary key) in the
 * transaction that enqueues the notification, so any number of instances remind each person once.
 */
export const peerEvaluationReminders = pgTable(
  'peer_evaluation_reminders',
  {
    evaluationId: uuid('evaluation_id')
      .notNull()
      .references(() => peerEvaluations.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.evaluationId, table.memberId] })],
);

/**
 * The items whose team grades an evaluation's factor applies to (the gradebook reads it): at most
 * one evaluation per item. `item_id` is an assignment's or a lecture note's id (no foreign key:
 * two tables), removed with the item by the gradebook's reading (an item gone is not shown).
 */
export const peerFactorApplications = pgTable(
  'peer_factor_applications',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    itemKind: text('item_kind').$type<PeerItemKind>().notNull(),
    itemId: uuid('item_id').notNull(),
    evaluationId: uuid('evaluation_id')
      .notNull()
      .references(() => peerEvaluations.id, { onDelete: 'cascade' }),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.itemKind, table.itemId] }),
    index('peer_factor_applications_evaluation_idx').on(table.evaluationId),
    check('peer_factor_applications_kind', sql`${table.itemKind} in ('assignment', 'team_task')`),
  ],
);
