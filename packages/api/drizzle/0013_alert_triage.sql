-- Alert triage (issue 17): one open alert per patient and measurement type, its readings, its
-- history, assignment and resolution. Alerts acknowledged before this were done with, so they
-- become resolved; open duplicates of one patient and type are merged into the newest.
ALTER TABLE "alerts" ADD COLUMN "type" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "severity" integer;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "last_reading_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "assigned_to_account_id" uuid;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "resolved_by_account_id" uuid;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_assigned_to_account_id_accounts_id_fk" FOREIGN KEY ("assigned_to_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "alerts" a SET "type" = m."type", "last_reading_at" = m."taken_at",
  "severity" = CASE a."range_class" WHEN 'elevated' THEN 1 WHEN 'lowest' THEN 2 WHEN 'high' THEN 3 WHEN 'highest' THEN 4 ELSE 0 END
  FROM "measurements" m WHERE m."id" = a."measurement_id";--> statement-breakpoint
UPDATE "alerts" SET "resolved_at" = "acknowledged_at", "resolved_by_account_id" = "acknowledged_by_account_id" WHERE "acknowledged_at" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "alert_readings" (
	"alert_id" uuid NOT NULL,
	"measurement_id" uuid NOT NULL,
	CONSTRAINT "alert_readings_alert_id_measurement_id_pk" PRIMARY KEY("alert_id","measurement_id")
);--> statement-breakpoint
ALTER TABLE "alert_readings" ADD CONSTRAINT "alert_readings_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_readings" ADD CONSTRAINT "alert_readings_measurement_id_measurements_id_fk" FOREIGN KEY ("measurement_id") REFERENCES "public"."measurements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each open alert of a patient and type moves its reading to the newest one of them.
INSERT INTO "alert_readings" ("alert_id", "measurement_id")
  SELECT k."id", a."measurement_id" FROM "alerts" a
  JOIN LATERAL (
    SELECT o."id" FROM "alerts" o
    WHERE o."patient_account_id" = a."patient_account_id" AND o."type" = a."type" AND (o."resolved_at" IS NULL) = (a."resolved_at" IS NULL)
      AND (a."resolved_at" IS NULL OR o."id" = a."id")
    ORDER BY o."last_reading_at" DESC, o."id" DESC LIMIT 1
  ) k ON true;--> statement-breakpoint
UPDATE "alerts" k SET "severity" = w."severity", "range_class" = w."range_class"
  FROM (
    SELECT ar."alert_id", max(a."severity") AS "severity",
      (array_agg(a."range_class" ORDER BY a."severity" DESC))[1] AS "range_class"
    FROM "alert_readings" ar JOIN "alerts" a ON a."measurement_id" = ar."measurement_id"
    GROUP BY ar."alert_id"
  ) w WHERE w."alert_id" = k."id";--> statement-breakpoint
UPDATE "patient_events" e SET "ref_id" = ar."alert_id"::text
  FROM "alerts" a JOIN "alert_readings" ar ON ar."measurement_id" = a."measurement_id"
  WHERE e."kind" = 'alert' AND e."ref_id" = a."id"::text AND ar."alert_id" <> a."id";--> statement-breakpoint
DELETE FROM "alerts" a WHERE NOT EXISTS (SELECT 1 FROM "alert_readings" ar WHERE ar."alert_id" = a."id");--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "severity" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "last_reading_at" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_one_open_per_type" ON "alerts" USING btree ("patient_account_id","type") WHERE "alerts"."resolved_at" is null;--> statement-breakpoint
CREATE TABLE "alert_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alert_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_account_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"comment" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_events_alert_idx" ON "alert_events" USING btree ("alert_id","id");--> statement-breakpoint
INSERT INTO "alert_events" ("alert_id", "kind", "at", "data")
  SELECT "id", 'opened', "created_at", jsonb_build_object('rangeClass', "range_class") FROM "alerts";
