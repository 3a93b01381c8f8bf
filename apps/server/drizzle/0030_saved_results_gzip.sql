-- Saved results keep their snapshot as gzipped JSON (issue 22, decision 0022): writing 200 kB of
-- jsonb for a 1,000-member result held PGlite's one connection 12 ms, and every other request
-- waited. The /results list's counts, which it read from the jsonb, are kept next to it. Results
-- saved before keep their jsonb snapshot (the database cannot gzip); their counts are filled here.
ALTER TABLE "saved_results" ALTER COLUMN "snapshot" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_results" ADD COLUMN "snapshot_gz" bytea;--> statement-breakpoint
ALTER TABLE "saved_results" ADD COLUMN "members_count" integer;--> statement-breakpoint
ALTER TABLE "saved_results" ADD COLUMN "teams_count" integer;--> statement-breakpoint
ALTER TABLE "saved_results" ADD COLUMN "group_size" integer;--> statement-breakpoint
ALTER TABLE "saved_results" ADD COLUMN "fixed_pairs_count" integer;--> statement-breakpoint
ALTER TABLE "saved_results" ADD COLUMN "locked_teams_count" integer;--> statement-breakpoint
ALTER TABLE "saved_results" ADD COLUMN "keep_apart_count" integer;--> statement-breakpoint
UPDATE "saved_results" SET
  "members_count" = coalesce(jsonb_array_length("snapshot"->'members'), 0),
  "teams_count" = coalesce(jsonb_array_length("snapshot"->'groups'), 0),
  "group_size" = coalesce(("snapshot"->>'groupSize')::int, jsonb_array_length("snapshot"->'groups'), 0),
  "fixed_pairs_count" = jsonb_array_length(coalesce("snapshot"->'fixedPairs', '[]'::jsonb)),
  "locked_teams_count" = jsonb_array_length(coalesce("snapshot"->'lockedTeams', '[]'::jsonb)),
  "keep_apart_count" = jsonb_array_length(coalesce("snapshot"->'keepApart', '[]'::jsonb));--> statement-breakpoint
ALTER TABLE "saved_results" ALTER COLUMN "members_count" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_results" ALTER COLUMN "teams_count" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_results" ALTER COLUMN "group_size" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_results" ALTER COLUMN "fixed_pairs_count" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_results" ALTER COLUMN "locked_teams_count" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_results" ALTER COLUMN "keep_apart_count" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_results" ADD CONSTRAINT "saved_results_one_snapshot" CHECK (("snapshot" is null) <> ("snapshot_gz" is null));
