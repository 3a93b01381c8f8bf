-- Retries after a crash (issue 23, decision 0015): a key's claim names the instance that runs its
-- first request, and the first request's transaction marks the claim when its work commits. A
-- retry whose first request died with its instance (not alive, decision 0018) takes the key over
-- at once if nothing committed, instead of waiting for the claim's time limit.
ALTER TABLE "idempotency_keys" ADD COLUMN "instance_id" uuid;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "committed_at" timestamp with time zone;
