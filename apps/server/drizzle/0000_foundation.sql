CREATE TABLE "system_meta" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"boot_count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "system_meta_single_row" CHECK ("system_meta"."id" = 1)
);
