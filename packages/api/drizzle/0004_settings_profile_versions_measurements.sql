CREATE TABLE "device_profile_versions" (
	"profile_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"profile_name" text NOT NULL,
	"vendor_id" uuid,
	"measurement" text NOT NULL,
	"device" text NOT NULL,
	"tasks" jsonb NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_by" uuid,
	CONSTRAINT "device_profile_versions_profile_id_version_pk" PRIMARY KEY("profile_id","version")
);
--> statement-breakpoint
CREATE TABLE "measurements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"patient_account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"values" jsonb NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"device_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_account_id" uuid
);
--> statement-breakpoint
CREATE TABLE "organisation_settings" (
	"organisation_id" uuid NOT NULL,
	"area" text NOT NULL,
	"values" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "organisation_settings_organisation_id_area_pk" PRIMARY KEY("organisation_id","area")
);
--> statement-breakpoint
ALTER TABLE "device_profiles" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "device_profiles" ADD COLUMN "built_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "device_profile_versions" ADD CONSTRAINT "device_profile_versions_profile_id_device_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."device_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_patient_account_id_accounts_id_fk" FOREIGN KEY ("patient_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD CONSTRAINT "organisation_settings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measurements_patient_idx" ON "measurements" USING btree ("patient_account_id","taken_at");--> statement-breakpoint
CREATE INDEX "measurements_organisation_idx" ON "measurements" USING btree ("organisation_id","taken_at");