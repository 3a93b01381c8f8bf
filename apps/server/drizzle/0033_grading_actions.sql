-- Grading actions (issue 25, decision 0025).
-- 1. A grade may carry feedback and no score: bulk grading saves a row with only feedback as
--    feedback, never as 0 (F). The percent and the score as given are both there or both absent.
ALTER TABLE "evaluations" ALTER COLUMN "score" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluations" ALTER COLUMN "raw_score" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_score_with_raw" CHECK (("evaluations"."score" is null) = ("evaluations"."raw_score" is null));--> statement-breakpoint
ALTER TABLE "task_evaluations" ALTER COLUMN "score" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "task_evaluations" ALTER COLUMN "raw_score" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "task_evaluations" ADD CONSTRAINT "task_evaluations_score_with_raw" CHECK (("task_evaluations"."score" is null) = ("task_evaluations"."raw_score" is null));--> statement-breakpoint
-- 2. Work the owner handed in on a team's behalf (spec part 2, section 6) says so in the history.
ALTER TABLE "assignment_submissions" ADD COLUMN "by_owner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "task_submissions" ADD COLUMN "by_owner" boolean DEFAULT false NOT NULL;
