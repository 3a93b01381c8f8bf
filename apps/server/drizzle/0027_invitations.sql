-- Invitations (issue 24, decision 0021). Each address the owner adds to a roster gets a mail; a
-- row here is that mail, written in the transaction that adds the address (Manage Emails, Team
-- Leaders, Create Team) or asks for a resend. A delivery loop on any instance marks a row
-- `sending` (committed) before it sends and `sent` after, so it goes once however many instances
-- look; a refusal by the mail server puts it back for later, a few times, then `failed`.
CREATE TABLE "workspace_invitations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workspace_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"workspace_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "workspace_invitations_state" CHECK ("workspace_invitations"."state" in ('pending', 'sending', 'sent', 'failed')),
	CONSTRAINT "workspace_invitations_language" CHECK ("workspace_invitations"."language" in ('en', 'ko'))
);
--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_member_id_workspace_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."workspace_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_invitations_member_idx" ON "workspace_invitations" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "workspace_invitations_workspace_idx" ON "workspace_invitations" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "workspace_invitations_pending_idx" ON "workspace_invitations" USING btree ("id") WHERE "workspace_invitations"."state" = 'pending';--> statement-breakpoint
-- The workspace address follows a rename (issue 24): a rename moves the slug to the new title and
-- keeps the old one here, in the rename's transaction, so /workspaces/{old name} still finds it.
CREATE TABLE "workspace_slug_history" (
	"slug" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_slug_history_slug_workspace_id_pk" PRIMARY KEY("slug","workspace_id")
);
--> statement-breakpoint
ALTER TABLE "workspace_slug_history" ADD CONSTRAINT "workspace_slug_history_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_slug_history_workspace_idx" ON "workspace_slug_history" USING btree ("workspace_id");
