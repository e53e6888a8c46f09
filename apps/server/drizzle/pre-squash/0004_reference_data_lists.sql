-- Contains-search (lower(…) LIKE %…%) on the bigger lists uses trigram indexes. pg_trgm ships with PostgreSQL (contrib) and is a trusted extension; PGlite loads it in src/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "customer_accounts_name_idx";--> statement-breakpoint
CREATE INDEX "part_numbers_part_number_trgm_idx" ON "part_numbers" USING gin (lower("part_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin (lower("username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_accounts_name_idx" ON "customer_accounts" USING btree (lower("name"),"id");