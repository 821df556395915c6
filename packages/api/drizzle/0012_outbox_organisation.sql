-- Each mail of the dev outbox belongs to the organisation it was sent for, so only that
-- organisation's admins read it. Mail kept before this (no organisation) is readable only on an
-- edge started with DEV_OUTBOX=true.
ALTER TABLE "outbox" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_organisation_created_idx" ON "outbox" USING btree ("organisation_id","created_at");
