-- Indexes for search and reads at clinic scale (issue 20 part 3; bench/scale.ts measures them on
-- 20,000 patients and 5 million readings; docs/PERFORMANCE.md §9 has the figures).
--
-- Patient search finds a word anywhere in a name or the MRN (ILIKE '%word%'): only trigram indexes
-- (pg_trgm, GIN) serve that. pg_trgm is a contrib extension of PostgreSQL, trusted since
-- PostgreSQL 13 (the database's owner may create it), and PGlite ships it: openMigratedPglite loads
-- it, and every PGlite that opens these tables must (db/database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- One GIN index over the four names: a search word is looked up in each column (a bitmap OR).
CREATE INDEX "profiles_names_trgm_idx" ON "profiles" USING gin ("first_name" gin_trgm_ops, "middle_name" gin_trgm_ops, "last_name" gin_trgm_ops, "preferred_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patient_profiles_mrn_trgm_idx" ON "patient_profiles" USING gin ("mrn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_date_of_birth_idx" ON "profiles" ("date_of_birth");--> statement-breakpoint
-- A patient's readings of one type, newest first: the chart's period, and the snapshot's latest
-- reading of each type from the index alone.
CREATE INDEX "measurements_patient_type_idx" ON "measurements" ("patient_account_id", "type", "taken_at" DESC, "id" DESC);--> statement-breakpoint
-- The organisation's readings over a period with the columns its month figures count (patient,
-- type, range class): analytics, billing and the monitoring report read the index alone (an
-- index-only scan) rather than the table. It replaces the index on (organisation_id, taken_at),
-- which it serves as well.
DROP INDEX "measurements_organisation_idx";--> statement-breakpoint
CREATE INDEX "measurements_organisation_idx" ON "measurements" ("organisation_id", "taken_at", "patient_account_id", "type", "range_class");--> statement-breakpoint
-- The monitoring report's care time of the month.
CREATE INDEX "care_time_organisation_idx" ON "care_time_entries" ("organisation_id", "started_at");
