-- Students join on their own (issue 24, decision 0020). A workspace's join switches, its codes
-- (the current one and those it replaced, so a replaced code answers "replaced", not "no such
-- code"), and the students' requests for a roster name. A claim writes the student's verified
-- e-mail onto the roster entry (workspace_members.email): that is what gives access, so these
-- tables add no second access rule. The workspace page does not show them (the owner's panel
-- reads them through its own route), so they bump no detail or content version; the e-mail a
-- claim writes bumps the detail version through workspace_members' own triggers (0006).
CREATE TABLE "workspace_join_settings" (
  "workspace_id" uuid PRIMARY KEY NOT NULL REFERENCES "workspaces"("id") ON DELETE cascade,
  "is_enabled" boolean DEFAULT false NOT NULL,
  "auto_approve" boolean DEFAULT false NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "workspace_join_codes" (
  "code" text PRIMARY KEY NOT NULL,
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id") ON DELETE cascade,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "retired_at" timestamp with time zone,
  CONSTRAINT "workspace_join_codes_shape" CHECK ("code" ~ '^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6,8}$')
);--> statement-breakpoint
-- One current code per workspace; replaced ones are kept (retired_at set).
CREATE UNIQUE INDEX "workspace_join_codes_current_key" ON "workspace_join_codes" USING btree ("workspace_id") WHERE "retired_at" IS NULL;--> statement-breakpoint
CREATE TABLE "workspace_join_requests" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id") ON DELETE cascade,
  "member_id" uuid NOT NULL REFERENCES "workspace_members"("id") ON DELETE cascade,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
  -- The verified e-mail the request was made with; an approved claim wrote it onto the member.
  "email" text NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "decided_at" timestamp with time zone,
  -- The owner who answered; null for an auto-approved claim.
  "decided_by" text REFERENCES "user"("id") ON DELETE set null,
  CONSTRAINT "workspace_join_requests_status" CHECK ("status" IN ('pending', 'approved', 'rejected', 'undone'))
);--> statement-breakpoint
-- One pending request per student per workspace, and one per roster name.
CREATE UNIQUE INDEX "workspace_join_requests_pending_user_key" ON "workspace_join_requests" USING btree ("workspace_id","user_id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_join_requests_pending_member_key" ON "workspace_join_requests" USING btree ("member_id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "workspace_join_requests_workspace_idx" ON "workspace_join_requests" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE INDEX "workspace_join_requests_user_idx" ON "workspace_join_requests" USING btree ("user_id");
