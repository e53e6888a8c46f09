ALTER TABLE "cc_codes" ADD COLUMN "updated_by" varchar(180);--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "updated_by" varchar(180);--> statement-breakpoint
ALTER TABLE "collection_points" ADD COLUMN "updated_by" varchar(180);--> statement-breakpoint
ALTER TABLE "coolers" ADD COLUMN "updated_by" varchar(180);--> statement-breakpoint
ALTER TABLE "customer_accounts" ADD COLUMN "updated_by" varchar(180);--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "updated_by" varchar(180);--> statement-breakpoint
ALTER TABLE "part_numbers" ADD COLUMN "updated_by" varchar(180);--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "updated_by" varchar(180);--> statement-breakpoint
ALTER TABLE "scrap_reasons" ADD COLUMN "updated_by" varchar(180);--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "updated_by" varchar(180);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "updated_by" varchar(180);