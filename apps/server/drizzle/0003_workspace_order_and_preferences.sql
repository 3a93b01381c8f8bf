CREATE TABLE "user_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"lecture_note_sort_order" text DEFAULT 'week-asc' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_preferences_sort_order" CHECK ("user_preferences"."lecture_note_sort_order" in ('week-asc', 'week-desc', 'created-asc', 'created-desc'))
);
--> statement-breakpoint
CREATE TABLE "workspace_order" (
	"user_id" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"team_number" integer NOT NULL,
	"display_order" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_order_user_id_workspace_id_pk" PRIMARY KEY("user_id","workspace_id"),
	CONSTRAINT "workspace_order_number_positive" CHECK ("workspace_order"."team_number" >= 1),
	CONSTRAINT "workspace_order_display_order" CHECK ("workspace_order"."display_order" = "workspace_order"."team_number" - 1)
);
--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_order" ADD CONSTRAINT "workspace_order_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_order" ADD CONSTRAINT "workspace_order_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;