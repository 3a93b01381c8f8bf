-- Retries repeat nothing (issue 23, decision 0015): one row per (user, Idempotency-Key) of a
-- creating request. 'running' while the first request runs (a repeat is refused with 409); 'done'
-- with the first 2xx answer, which a repeat within 24 h gets back. A failed first request deletes
-- its row, so the key is free for a retry. Rows older than 24 h are swept.
CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"status_code" integer,
	"content_type" text,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key"),
	CONSTRAINT "idempotency_keys_status_check" CHECK ("idempotency_keys"."status" in ('running', 'done'))
);--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");
