CREATE TABLE "task_evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"score" numeric(5, 2) NOT NULL,
	"raw_score" numeric(7, 2) NOT NULL,
	"max_score" integer NOT NULL,
	"feedback" text DEFAULT '' NOT NULL,
	"evaluated_by" text,
	"evaluated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_evaluations_submission_id_unique" UNIQUE("submission_id"),
	CONSTRAINT "task_evaluations_score_range" CHECK ("task_evaluations"."score" between 0 and 100),
	CONSTRAINT "task_evaluations_max_score_range" CHECK ("task_evaluations"."max_score" between 1 and 1000),
	CONSTRAINT "task_evaluations_raw_score_range" CHECK ("task_evaluations"."raw_score" between 0 and "task_evaluations"."max_score")
);
--> statement-breakpoint
ALTER TABLE "task_evaluations" ADD CONSTRAINT "task_evaluations_submission_id_task_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."task_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_evaluations" ADD CONSTRAINT "task_evaluations_evaluated_by_user_id_fk" FOREIGN KEY ("evaluated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;