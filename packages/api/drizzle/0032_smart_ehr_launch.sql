-- SMART EHR launch (issue 21): an app's launch URL, and the launch contexts a clinician's "Open in app" makes (the patient they opened it from), kept by hash for five minutes; refresh tokens for online_access, rotated, in chains; OpenID Connect: the id_token signing keys and the app's nonce.
ALTER TABLE "smart_clients" ADD COLUMN "launch_url" text;--> statement-breakpoint
CREATE TABLE "smart_launches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"launch_hash" text NOT NULL UNIQUE,
	"client_id" uuid NOT NULL REFERENCES "smart_clients"("id"),
	"account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"session_id" uuid NOT NULL REFERENCES "sessions"("id") ON DELETE CASCADE,
	"patient_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL UNIQUE,
	"client_id" uuid NOT NULL REFERENCES "smart_clients"("id"),
	"chain_id" uuid NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"session_id" uuid NOT NULL REFERENCES "sessions"("id") ON DELETE CASCADE,
	"patient_id" uuid REFERENCES "accounts"("id"),
	"scopes" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "smart_refresh_tokens_chain" ON "smart_refresh_tokens" ("chain_id");
--> statement-breakpoint
ALTER TABLE "smart_authorization_codes" ADD COLUMN "nonce" text;--> statement-breakpoint
CREATE TABLE "smart_signing_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kid" text NOT NULL UNIQUE,
	"public_jwk" jsonb NOT NULL,
	"private_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
