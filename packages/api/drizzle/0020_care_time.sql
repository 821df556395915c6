-- Care time of remote patient monitoring (issue 19): what each clinician spent on each patient.
CREATE TABLE "care_time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL REFERENCES "organisations"("id"),
	"patient_account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"clinician_account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"source" text NOT NULL,
	"interactive" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"visit_id" uuid REFERENCES "visits"("id") ON DELETE SET NULL,
	"thread_id" uuid REFERENCES "message_threads"("id") ON DELETE SET NULL,
	"reason" text,
	"correction_reason" text,
	"original_started_at" timestamp with time zone,
	"original_ended_at" timestamp with time zone,
	"corrected_at" timestamp with time zone,
	"corrected_by_account_id" uuid REFERENCES "accounts"("id"),
	"created_by_account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_time_source_check" CHECK ("source" IN ('chart', 'visit', 'message', 'manual')),
	CONSTRAINT "care_time_order_check" CHECK ("ended_at" >= "started_at")
);--> statement-breakpoint
CREATE INDEX "care_time_patient_idx" ON "care_time_entries" ("patient_account_id", "started_at");--> statement-breakpoint
CREATE INDEX "care_time_clinician_idx" ON "care_time_entries" ("clinician_account_id", "ended_at");
