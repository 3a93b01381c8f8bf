DROP INDEX "workspace_members_email_idx";--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "detail_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "workspace_fixed_pairs_workspace_idx" ON "workspace_fixed_pairs" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "workspace_keep_apart_pairs_workspace_idx" ON "workspace_keep_apart_pairs" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "workspace_locked_teams_workspace_idx" ON "workspace_locked_teams" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "teams_leader_member_idx" ON "teams" USING btree ("leader_member_id");--> statement-breakpoint
CREATE INDEX "workspace_members_email_idx" ON "workspace_members" USING btree (lower(btrim("email")));