-- FHIR subscriptions (issue 21): rest-hooks for new readings, with a delivery cursor and every attempt recorded.
CREATE TABLE "fhir_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL REFERENCES "organisations"("id"),
	"owner_type" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"criteria" text NOT NULL,
	"patient_account_id" uuid REFERENCES "accounts"("id") ON DELETE CASCADE,
	"endpoint" text NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"secret" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"cursor_at" timestamp with time zone NOT NULL,
	"cursor_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fhir_subscriptions_status_check" CHECK ("status" IN ('active', 'error', 'off'))
);--> statement-breakpoint
CREATE INDEX "fhir_subscriptions_due_idx" ON "fhir_subscriptions" ("status", "next_attempt_at");--> statement-breakpoint
CREATE TABLE "fhir_subscription_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL REFERENCES "fhir_subscriptions"("id") ON DELETE CASCADE,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"readings" integer NOT NULL,
	"status_code" integer,
	"error" text
);--> statement-breakpoint
CREATE INDEX "fhir_subscription_deliveries_subscription_idx" ON "fhir_subscription_deliveries" ("subscription_id", "at");
