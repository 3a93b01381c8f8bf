CREATE TABLE "saved_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_fixed_pairs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"member_a_id" uuid NOT NULL,
	"member_b_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_keep_apart_pairs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"member_a_id" uuid NOT NULL,
	"member_b_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_locked_team_members" (
	"locked_team_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	CONSTRAINT "workspace_locked_team_members_locked_team_id_member_id_pk" PRIMARY KEY("locked_team_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "workspace_locked_teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"leader_member_id" uuid,
	CONSTRAINT "teams_workspace_number_key" UNIQUE("workspace_id","number"),
	CONSTRAINT "teams_number_positive" CHECK ("teams"."number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"team_id" uuid,
	"name" text NOT NULL,
	"email" text,
	"position" integer NOT NULL,
	CONSTRAINT "workspace_members_position_key" UNIQUE("workspace_id","position")
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"owner_id" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"group_size" integer DEFAULT 4 NOT NULL,
	"source_result_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspaces_slug_unique" UNIQUE("slug"),
	CONSTRAINT "workspaces_title_not_blank" CHECK (length(btrim("workspaces"."title")) > 0)
);
--> statement-breakpoint
ALTER TABLE "saved_results" ADD CONSTRAINT "saved_results_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_fixed_pairs" ADD CONSTRAINT "workspace_fixed_pairs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_fixed_pairs" ADD CONSTRAINT "workspace_fixed_pairs_member_a_id_workspace_members_id_fk" FOREIGN KEY ("member_a_id") REFERENCES "public"."workspace_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_fixed_pairs" ADD CONSTRAINT "workspace_fixed_pairs_member_b_id_workspace_members_id_fk" FOREIGN KEY ("member_b_id") REFERENCES "public"."workspace_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_keep_apart_pairs" ADD CONSTRAINT "workspace_keep_apart_pairs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_keep_apart_pairs" ADD CONSTRAINT "workspace_keep_apart_pairs_member_a_id_workspace_members_id_fk" FOREIGN KEY ("member_a_id") REFERENCES "public"."workspace_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_keep_apart_pairs" ADD CONSTRAINT "workspace_keep_apart_pairs_member_b_id_workspace_members_id_fk" FOREIGN KEY ("member_b_id") REFERENCES "public"."workspace_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_locked_team_members" ADD CONSTRAINT "workspace_locked_team_members_locked_team_id_workspace_locked_teams_id_fk" FOREIGN KEY ("locked_team_id") REFERENCES "public"."workspace_locked_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_locked_team_members" ADD CONSTRAINT "workspace_locked_team_members_member_id_workspace_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."workspace_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_locked_teams" ADD CONSTRAINT "workspace_locked_teams_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_leader_member_id_workspace_members_id_fk" FOREIGN KEY ("leader_member_id") REFERENCES "public"."workspace_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_source_result_id_saved_results_id_fk" FOREIGN KEY ("source_result_id") REFERENCES "public"."saved_results"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_results_user_title_key" ON "saved_results" USING btree ("user_id",lower(btrim("title")));--> statement-breakpoint
CREATE INDEX "saved_results_user_created_idx" ON "saved_results" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "workspace_members_team_idx" ON "workspace_members" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "workspace_members_email_idx" ON "workspace_members" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "workspaces_owner_idx" ON "workspaces" USING btree ("owner_id");