-- FHIR bulk exports (issue 21): requests run in the background, and their NDJSON files (kept a day).
CREATE TABLE "fhir_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL REFERENCES "organisations"("id"),
	"requester_type" text NOT NULL,
	"requester_id" uuid NOT NULL,
	"level" text NOT NULL,
	"request" text NOT NULL,
	"types" jsonb NOT NULL,
	"since" timestamp with time zone,
	"status" text NOT NULL,
	"progress" text,
	"error" text,
	"transaction_time" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "fhir_exports_status_check" CHECK ("status" IN ('running', 'complete', 'failed', 'cancelled'))
);--> statement-breakpoint
CREATE INDEX "fhir_exports_organisation_idx" ON "fhir_exports" ("organisation_id", "created_at");--> statement-breakpoint
CREATE TABLE "fhir_export_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"export_id" uuid NOT NULL REFERENCES "fhir_exports"("id") ON DELETE CASCADE,
	"resource_type" text NOT NULL,
	"count" integer NOT NULL,
	"ndjson" text NOT NULL
);--> statement-breakpoint
CREATE INDEX "fhir_export_files_export_idx" ON "fhir_export_files" ("export_id");
