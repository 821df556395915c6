CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"patient_account_id" uuid NOT NULL,
	"gateway_id" uuid NOT NULL,
	"address" text NOT NULL,
	"name" text NOT NULL,
	"profile_id" uuid NOT NULL,
	"manufacturer" text,
	"battery_level" integer,
	"last_reading_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateways" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mac" text NOT NULL,
	"organisation_id" uuid,
	"patient_account_id" uuid,
	"display_name" text NOT NULL,
	"serial" text,
	"model" text,
	"os" text,
	"bluetooth_version" text,
	"bluetooth_adapters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mac_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"public_ip" text,
	"local_ip" text,
	"bt_address" text,
	"version" text,
	"nxw_id" text,
	"pairing_code_hash" text NOT NULL,
	"token_hash" text,
	"token_issued_at" timestamp with time zone,
	"is_online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_patient_account_id_accounts_id_fk" FOREIGN KEY ("patient_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_profile_id_device_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."device_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_patient_account_id_accounts_id_fk" FOREIGN KEY ("patient_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_gateway_address_unique" ON "devices" USING btree ("gateway_id","address");--> statement-breakpoint
CREATE INDEX "devices_patient_idx" ON "devices" USING btree ("patient_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gateways_mac_unique" ON "gateways" USING btree ("mac");--> statement-breakpoint
CREATE UNIQUE INDEX "gateways_token_unique" ON "gateways" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "gateways_patient_idx" ON "gateways" USING btree ("patient_account_id");