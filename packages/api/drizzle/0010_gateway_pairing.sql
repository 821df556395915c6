-- A pending gateway registration is bound to its pairing code until this time (docs/gateways.md):
-- refreshed each time its agent asks with that code, and only after it may another code take the MAC.
ALTER TABLE "gateways" ADD COLUMN "pending_until" timestamp with time zone;--> statement-breakpoint
UPDATE "gateways" SET "pending_until" = now() + interval '24 hours' WHERE "patient_account_id" IS NULL;
--> statement-breakpoint
-- The gateway that acted (an upload batch): the audit entry names it beside the patient it wrote to.
ALTER TABLE "audit_log" ADD COLUMN "actor_gateway_id" uuid;
