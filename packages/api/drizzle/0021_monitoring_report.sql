-- The monthly report of remote patient monitoring (issue 19, part 3): the organisation's billing
-- codes and the physicians' sign-offs.
CREATE TABLE "billing_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL REFERENCES "organisations"("id"),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"min_days" integer,
	"max_days" integer,
	"min_minutes" integer,
	"max_minutes" integer,
	"step_minutes" integer,
	"interactive_required" boolean DEFAULT false NOT NULL,
	"effective_from" date,
	"effective_to" date,
	"updated_at" timestamp with time zone,
	"updated_by_account_id" uuid REFERENCES "accounts"("id"),
	CONSTRAINT "billing_codes_kind_check" CHECK ("kind" IN ('setup', 'deviceDays', 'management', 'managementAddOn'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "billing_codes_org_code_key" ON "billing_codes" ("organisation_id", "code");--> statement-breakpoint
CREATE TABLE "monitoring_report_signoffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL REFERENCES "organisations"("id"),
	"month" text NOT NULL,
	"signed_by_account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"signed_at" timestamp with time zone NOT NULL,
	"report" jsonb NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_report_signoffs_org_month_key" ON "monitoring_report_signoffs" ("organisation_id", "month");
