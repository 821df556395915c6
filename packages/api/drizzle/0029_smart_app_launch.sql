-- SMART App Launch (issue 21): apps acting for a signed-in user (authorization code with PKCE) beside backend services; their one-time codes; tokens bound to the user.
ALTER TABLE "smart_clients" ADD COLUMN "kind" text DEFAULT 'backend' NOT NULL;--> statement-breakpoint
ALTER TABLE "smart_clients" ADD COLUMN "redirect_uris" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "smart_access_tokens" ADD COLUMN "account_id" uuid REFERENCES "accounts"("id");--> statement-breakpoint
ALTER TABLE "smart_access_tokens" ADD COLUMN "session_id" uuid REFERENCES "sessions"("id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "smart_access_tokens" ADD COLUMN "patient_id" uuid REFERENCES "accounts"("id");--> statement-breakpoint
CREATE TABLE "smart_authorization_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL UNIQUE,
	"client_id" uuid NOT NULL REFERENCES "smart_clients"("id"),
	"account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"session_id" uuid NOT NULL REFERENCES "sessions"("id") ON DELETE CASCADE,
	"redirect_uri" text NOT NULL,
	"code_challenge" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"patient_id" uuid REFERENCES "accounts"("id"),
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
