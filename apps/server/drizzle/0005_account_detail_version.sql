CREATE TABLE "account_detail_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "account_detail_version_single_row" CHECK ("account_detail_version"."id" = 1)
);
