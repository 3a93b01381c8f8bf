import { z } from 'zod';
import { TEXT_LIMITS, safeParam } from './text.ts';

// Shapes shared by task answers (lecture notes) and assignment work.

/** Who did something, as the page shows them. */
export const personRef = z.object({ id: z.string(), name: z.string() });

/**
 * Where the person who handed an attempt in is now, when that is no longer the team it was handed
 * in under (issue 24, decision 0019: work stays with its team, its history says who was in the
 * team then): moved to another team (`teamNumber` null: on the roster, in no team) or removed
 * from the course. `teamThen`: the names in the attempt's team when it was handed in (the
 * membership history). Null when the submitter is still in that team, or cannot be told.
 */
export const submitterNow = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('moved'),
    teamNumber: z.number().nullable(),
    teamThen: z.array(z.string()),
  }),
  z.object({ state: z.literal('left'), teamThen: z.array(z.string()) }),
]);
export type SubmitterNow = z.infer<typeof submitterNow>;

/** One file of a submission: its name and size stay in the history after its bytes are freed. */
export const submissionFile = z.object({
  name: z.string(),
  size: z.number(),
  /** Null once the bytes are gone (a replaced attempt's files free the uploader's quota). */
  fileId: z.string().nullable(),
});

/** One evaluation: a percent (0-100) whatever scale it was given on. */
export const evaluationView = z.object({
  id: z.string(),
  /**
   * Percent of the maximum, 2 decimals: the grade scale applies to it. Null (with `rawScore`): a
   * grade of feedback only (issue 25), never shown as 0 (F).
   */
  score: z.number().nullable(),
  rawScore: z.number().nullable(),
  maxScore: z.number(),
  feedback: z.string(),
  evaluatedBy: personRef.nullable(),
  evaluatedAt: z.string(),
  /** The attempt it graded, or null for a team that handed nothing in ("no submission"). */
  submissionId: z.string().nullable(),
  attempt: z.number().nullable(),
});
export type EvaluationView = z.infer<typeof evaluationView>;

/**
 * The query of a hand-in (an assignment's work, a note's team task): `onBehalfOf`, the team the
 * owner hands in for (issue 25, recorded as handed in by the owner); absent for a team's own.
 */
export const onBehalfQuery = z.object({ onBehalfOf: safeParam(TEXT_LIMITS.id).optional() });
export type OnBehalfQuery = z.infer<typeof onBehalfQuery>;
