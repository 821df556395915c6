-- Alert escalation and stale data (issue 17): an unacknowledged alert escalates in steps (the
-- assignee, the patient's primary provider, the on-call list), each step claimed by the update that
-- moves `escalation_level` on, so several edges or a restart never skip or repeat one. The clock of a
-- step starts at `waiting_since` (opened, or raised back to the inbox) or at the last step. A "no
-- readings" alert has no reading, so `measurement_id` may be null. Alerts open before the upgrade
-- start their clock at the upgrade (the column's default), so the first round does not mail a burst.
ALTER TABLE "alerts" ALTER COLUMN "measurement_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "waiting_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "escalation_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "alerts_waiting_idx" ON "alerts" USING btree ("organisation_id") WHERE "alerts"."acknowledged_at" is null and "alerts"."resolved_at" is null;
