-- A visit's note is signed (and so locked) by a clinician; later changes are addenda beside it.
ALTER TABLE "visits" ADD COLUMN "notes_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "notes_signed_by_account_id" uuid;--> statement-breakpoint
CREATE TABLE "visit_note_addenda" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"author_account_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visit_note_addenda" ADD CONSTRAINT "visit_note_addenda_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_note_addenda" ADD CONSTRAINT "visit_note_addenda_author_account_id_accounts_id_fk" FOREIGN KEY ("author_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_note_addenda_visit_idx" ON "visit_note_addenda" USING btree ("visit_id","created_at");
