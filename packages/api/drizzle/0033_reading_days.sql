-- The days each patient took readings, a month to a row (issue 20: the monitoring report at clinic
-- scale). Bit d-1 of "days" is day d of "month" on the organisation's calendar (its time zone, UTC
-- when unset, as the settings service reads it). Every insert of readings keeps it from now on; the
-- readings stored so far are counted here once.
CREATE TABLE "reading_days" (
	"patient_account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"organisation_id" uuid NOT NULL REFERENCES "organisations"("id"),
	"month" text NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "reading_days_patient_account_id_month_pk" PRIMARY KEY("patient_account_id","month")
);--> statement-breakpoint
CREATE INDEX "reading_days_organisation_idx" ON "reading_days" USING btree ("organisation_id","month");--> statement-breakpoint
INSERT INTO "reading_days" ("patient_account_id", "organisation_id", "month", "days")
SELECT m."patient_account_id", m."organisation_id", to_char(l.local, 'YYYY-MM'), bit_or(1 << (extract(day from l.local)::int - 1))
FROM "measurements" m
CROSS JOIN LATERAL (
	SELECT m."taken_at" AT TIME ZONE coalesce(
		(SELECT s."values" ->> 'timezone' FROM "organisation_settings" s WHERE s."organisation_id" = m."organisation_id" AND s."area" = 'organization'),
		'UTC'
	) AS local
) l
GROUP BY 1, 2, 3;
