CREATE TABLE "receipt_exports" (
	"receipt_id" uuid PRIMARY KEY NOT NULL,
	"exported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receipt_exports" ADD CONSTRAINT "receipt_exports_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-added (docs/decisions/115): keep what was exported, then drop the column.
INSERT INTO "receipt_exports" ("receipt_id", "exported_at") SELECT "id", "updated_at" FROM "receipts" WHERE "is_exported";--> statement-breakpoint
ALTER TABLE "receipts" DROP COLUMN "is_exported";--> statement-breakpoint
-- An export changes the isExported totals of the receipts list: bump its version like a receipt write (decision 112).
CREATE TRIGGER "receipt_exports_inventory_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "receipt_exports"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_inventory_version"();