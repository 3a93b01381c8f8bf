-- Restart cleans up at once (issue 23, decision 0018). Each app instance has a random id and a
-- lease row it renews; quota claims and in-flight uploads carry the id of the instance serving
-- them, so the leftovers of an instance whose lease has lapsed (it died) are collected at once by
-- the next instance that starts and within a minute by any live one, instead of waiting for the
-- claim to expire (10 minutes) and for the hourly sweep.
CREATE TABLE "server_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone NOT NULL
);--> statement-breakpoint
-- Bytes stored (or being stored) for an upload whose files row is not committed yet: the key is
-- named here before the first byte is written, and the row goes in the transaction that writes
-- the files row (or when the upload is discarded).
CREATE TABLE "inflight_uploads" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"instance_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "inflight_uploads_instance_idx" ON "inflight_uploads" USING btree ("instance_id");--> statement-breakpoint
ALTER TABLE "storage_reservations" ADD COLUMN "instance_id" uuid;--> statement-breakpoint
CREATE INDEX "storage_reservations_instance_idx" ON "storage_reservations" USING btree ("instance_id");--> statement-breakpoint
-- A claim grows as the file bytes stream (quota counts file bytes, not multipart framing), so it
-- starts at zero.
ALTER TABLE "storage_reservations" DROP CONSTRAINT "storage_reservations_bytes_positive";--> statement-breakpoint
ALTER TABLE "storage_reservations" ADD CONSTRAINT "storage_reservations_bytes_not_negative" CHECK ("storage_reservations"."bytes" >= 0);
