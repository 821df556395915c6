-- FHIR subscriptions to alerts (issue 21 part 3): a subscription keeps the reason its integration gave, and a
-- subscription to Flags (alerts) moves along the alert events, by their ids.
ALTER TABLE "fhir_subscriptions" ADD COLUMN "reason" text DEFAULT 'New readings' NOT NULL;--> statement-breakpoint
ALTER TABLE "fhir_subscriptions" ADD COLUMN "cursor_event_id" bigint;
