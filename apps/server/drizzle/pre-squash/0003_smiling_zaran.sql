ALTER TABLE "cc_codes" DROP CONSTRAINT "cc_codes_code_unique";--> statement-breakpoint
ALTER TABLE "clients" DROP CONSTRAINT "clients_name_unique";--> statement-breakpoint
ALTER TABLE "collection_points" DROP CONSTRAINT "collection_points_name_unique";--> statement-breakpoint
ALTER TABLE "part_numbers" DROP CONSTRAINT "part_numbers_part_number_unique";--> statement-breakpoint
ALTER TABLE "suppliers" DROP CONSTRAINT "suppliers_name_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "cc_codes_code_unique" ON "cc_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "clients_name_unique" ON "clients" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "collection_points_name_unique" ON "collection_points" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "part_numbers_part_number_unique" ON "part_numbers" USING btree (lower("part_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_name_unique" ON "suppliers" USING btree (lower("name"));