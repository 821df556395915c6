-- Multi-user meters (issue 21 part 5). A patient may say which user number on a shared meter is theirs
-- (1–254; 255 is the GATT specs' "unknown user"). A gateway reading the meter recorded under another
-- number is another person's: it is held apart with the reason `otherUser` (a clinician can only
-- reject it), never stored among the patient's measurements. Existing held readings are all outside
-- physiological limits.
ALTER TABLE "devices" ADD COLUMN "user_slot" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_slot_check" CHECK ("user_slot" BETWEEN 1 AND 254);--> statement-breakpoint
ALTER TABLE "held_readings" ADD COLUMN "reason" text DEFAULT 'outOfLimits' NOT NULL;--> statement-breakpoint
ALTER TABLE "held_readings" ADD CONSTRAINT "held_readings_reason_check" CHECK ("reason" IN ('outOfLimits', 'otherUser'));--> statement-breakpoint
ALTER TABLE "held_readings" ADD COLUMN "user_index" integer;--> statement-breakpoint
ALTER TABLE "held_readings" ADD COLUMN "user_slot" integer;
