CREATE INDEX "customer_accounts_name_trgm_idx" ON "customer_accounts" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
-- The top-bar search (docs/decisions/249) walks these orders until its few hits are found, testing
-- each entry's text: with the columns a hit shows INCLUDEd the walk reads the index alone, not a
-- table row per entry (1,200 of them for a serial part common in dates, '2010').
CREATE INDEX "coolers_serial_search_idx" ON "coolers" (lower("serial_number")) INCLUDE ("serial_number", "part_number_id", "id");--> statement-breakpoint
CREATE INDEX "customer_accounts_name_search_idx" ON "customer_accounts" (lower("name"), "id") INCLUDE ("name", "client_id");
