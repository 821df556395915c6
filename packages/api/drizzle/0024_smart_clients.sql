-- SMART on FHIR backend services (issue 21): registered clients with their public keys, and the short-lived tokens they are given.
CREATE TABLE "smart_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL REFERENCES "organisations"("id"),
	"name" text NOT NULL,
	"jwks" jsonb NOT NULL,
	"scopes" jsonb NOT NULL,
	"created_by_account_id" uuid REFERENCES "accounts"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "smart_clients_organisation_idx" ON "smart_clients" ("organisation_id");--> statement-breakpoint
CREATE TABLE "smart_access_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL REFERENCES "smart_clients"("id"),
	"token_hash" text NOT NULL UNIQUE,
	"assertion_id" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "smart_access_tokens_assertion" ON "smart_access_tokens" ("client_id", "assertion_id");
