-- Snapshots taken during a video visit (issue 18) name their visit, so its record shows them.
ALTER TABLE "measurements" ADD COLUMN "visit_id" uuid REFERENCES "visits"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX "measurements_visit_idx" ON "measurements" ("visit_id") WHERE "visit_id" IS NOT NULL;
