import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from '../modules/files/files.table.ts';
import { user } from '../modules/users/users.table.ts';

// Shapes that several modules' tables share: a grade, and the files handed in with an attempt.

/**
 * The columns of a grade: the percent the grade scale reads, and the score as it was given. Both
 * are null for a grade of feedback only (issue 25, migration 0033): never a 0 nobody gave.
 */
export function evaluationColumns() {
  return {
    /** Percent of the maximum (the grade scale's input); null: feedback only. */
    score: numeric('score', { precision: 5, scale: 2, mode: 'number' }),
    rawScore: numeric('raw_score', { precision: 7, scale: 2, mode: 'number' }),
    maxScore: integer('max_score').notNull(),
    feedback: text('feedback').notNull().default(''),
    evaluatedBy: text('evaluated_by').references(() => user.id, { onDelete: 'set null' }),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

/** The ranges of a grade's columns, as constraints named after its table. */
export function evaluationChecks(
  table: string,
  columns: { score: AnyPgColumn; rawScore: AnyPgColumn; maxScore: AnyPgColumn },
) {
  return [
    // spec part 2, section 9: score 0 to 100; bulk maximum 1 to 1000
    check(`${table}_score_range`, sql`${columns.score} between 0 and 100`),
    check(`${table}_max_score_range`, sql`${columns.maxScore} between 1 and 1000`),
    check(`${table}_raw_score_range`, sql`${columns.rawScore} between 0 and ${columns.maxScore}`),
    // issue 25: feedback only has neither; a score has both
    check(
      `${table}_score_with_raw`,
      sql`(${columns.score} is null) = (${columns.rawScore} is null)`,
    ),
  ];
}

/**
 * A table of the files handed in with one attempt: each file's name and size stay when its bytes
 * go (`file_id` is set to null), and deleting a row deletes its file (a trigger of the migration
 * that creates the table).
 */
export function submittedFilesTable(name: string, attempt: () => AnyPgColumn) {
  return pgTable(
    name,
    {
      id: uuid('id').primaryKey().defaultRandom(),
      submissionId: uuid('submission_id').notNull().references(attempt, { onDelete: 'cascade' }),
      fileId: uuid('file_id')
        .unique()
        .references(() => files.id, { onDelete: 'set null' }),
      name: text('name').notNull(),
      size: integer('size').notNull(),
      position: integer('position').notNull(),
    },
    (table) => [index(`${name}_submission_idx`).on(table.submissionId)],
  );
}
