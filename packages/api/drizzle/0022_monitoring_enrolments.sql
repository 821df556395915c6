-- Enrolment in remote patient monitoring with the patient's consent (issue 19, part 1).
CREATE TABLE "monitoring_enrolments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL REFERENCES "organisations"("id"),
	"patient_account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"status" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"measurement_types" jsonb NOT NULL,
	"devices" jsonb NOT NULL,
	"start_date" date NOT NULL,
	"primary_provider_account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"enrolled_by_account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"consent_method" text NOT NULL,
	"consent_at" timestamp with time zone,
	"consent_recorded_by_account_id" uuid REFERENCES "accounts"("id"),
	"consent_witness" text,
	"consent_withdrawn_at" timestamp with time zone,
	"setup_at" timestamp with time zone,
	"setup_by_account_id" uuid REFERENCES "accounts"("id"),
	"setup_note" text,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitoring_enrolments_status_check" CHECK ("status" IN ('awaitingConsent', 'active', 'ended')),
	CONSTRAINT "monitoring_enrolments_consent_check" CHECK ("consent_method" IN ('app', 'verbal'))
);--> statement-breakpoint
CREATE INDEX "monitoring_enrolments_patient_idx" ON "monitoring_enrolments" ("patient_account_id", "created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_enrolments_one_open" ON "monitoring_enrolments" ("patient_account_id") WHERE "status" <> 'ended';
