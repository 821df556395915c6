-- Device data with its provenance (issue 21 part 5). A gateway reading outside physiological limits is
-- held for a clinician's review in a table of its own, never among the measurements that tasks,
-- alerts, charts, averages and reports read; accepted, it becomes a measurement (same id); rejected,
-- it stays here as entered-in-error. Readings (held or not) keep the device's own time stamp when the
-- gateway corrected a device clock that was off, and the device's coded flags.
ALTER TABLE "measurements" ADD COLUMN "device_taken_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "measurements" ADD COLUMN "device_flags" jsonb;--> statement-breakpoint
CREATE TABLE "held_readings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL REFERENCES "organisations"("id"),
	"patient_account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
	"device_id" uuid,
	"gateway_id" uuid,
	"type" text NOT NULL,
	"values" jsonb NOT NULL,
	"meal" text,
	"note" text,
	"taken_at" timestamp with time zone NOT NULL,
	"device_taken_at" timestamp with time zone,
	"device_flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"out_of_limits" jsonb NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_account_id" uuid,
	"review_comment" text,
	CONSTRAINT "held_readings_status_check" CHECK ("status" IN ('held', 'accepted', 'rejected'))
);--> statement-breakpoint
CREATE INDEX "held_readings_patient_idx" ON "held_readings" ("patient_account_id", "status", "taken_at");
