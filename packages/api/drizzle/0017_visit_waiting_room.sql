-- The waiting room (issue 18): a patient or guest waits until a clinician lets them in
-- (admitted_at), and the provider can tell the waiting room how late they are running.
ALTER TABLE "visit_participants" ADD COLUMN "admitted_at" timestamp with time zone;--> statement-breakpoint
-- Everyone already in a visit before there was a waiting room was in the call.
UPDATE "visit_participants" SET "admitted_at" = "joined_at";--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "running_late_minutes" integer;
