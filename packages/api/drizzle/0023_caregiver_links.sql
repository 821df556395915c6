-- Caregivers who act for a patient (issue 19, part 4), and audit rows that say on whose behalf.
CREATE TABLE "caregiver_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL REFERENCES "organisations"("id"),
	"patient_account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"caregiver_account_id" uuid REFERENCES "accounts"("id"),
	"email" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"status" text NOT NULL,
	"consent_method" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_recorded_by_account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"consent_witness" text,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by_account_id" uuid REFERENCES "accounts"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caregiver_links_status_check" CHECK ("status" IN ('invited', 'active', 'declined', 'revoked')),
	CONSTRAINT "caregiver_links_consent_check" CHECK ("consent_method" IN ('patientInvited', 'written', 'verbal'))
);--> statement-breakpoint
CREATE INDEX "caregiver_links_patient_idx" ON "caregiver_links" ("patient_account_id");--> statement-breakpoint
CREATE INDEX "caregiver_links_caregiver_idx" ON "caregiver_links" ("caregiver_account_id");--> statement-breakpoint
CREATE INDEX "caregiver_links_email_idx" ON "caregiver_links" ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "caregiver_links_one_open" ON "caregiver_links" ("patient_account_id", "email") WHERE "status" IN ('invited', 'active');--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "on_behalf_of_account_id" uuid;
