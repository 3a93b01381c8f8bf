-- Restart cleans up at once, also on a shared database (issue 23, decision 0018): an instance
-- records the host and the process id it runs as. An instance starting on the same host sees at
-- once that a process which no longer exists holds no upload, whatever its lease still says, and
-- collects its leftovers at its start instead of after the lease lapses.
ALTER TABLE "server_instances" ADD COLUMN "host" text;--> statement-breakpoint
ALTER TABLE "server_instances" ADD COLUMN "pid" integer;
