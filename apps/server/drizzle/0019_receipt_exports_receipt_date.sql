-- docs/decisions/292: an export mark carries its receipt's date, so the exported receipts newest first
-- are a walk of receipt_exports' own (receipt_date, receipt_id) index, not a walk of every receipt's
-- date probing for its mark. The marks made before are given their receipts' dates (a mark naming no
-- receipt keeps null), and a receipt whose date changes takes its mark's along. The index holds the
-- dated marks only: the versions the UPDATE leaves behind, undated, stay out of it until a vacuum
-- removes them.
ALTER TABLE "receipt_exports" ADD COLUMN "receipt_date" timestamp with time zone;--> statement-breakpoint
-- The backfill marks nothing and unmarks nothing: the inventory's version (0003's trigger) stays.
ALTER TABLE "receipt_exports" DISABLE TRIGGER "receipt_exports_inventory_version";--> statement-breakpoint
UPDATE "receipt_exports" x SET "receipt_date" = r."receipt_date" FROM "receipts" r WHERE r."id" = x."receipt_id";--> statement-breakpoint
ALTER TABLE "receipt_exports" ENABLE TRIGGER "receipt_exports_inventory_version";--> statement-breakpoint
CREATE INDEX "receipt_exports_receipt_date_idx" ON "receipt_exports" USING btree ("receipt_date","receipt_id") WHERE "receipt_exports"."receipt_date" is not null;--> statement-breakpoint
CREATE FUNCTION "receipt_exports_follow_receipt_date"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE receipt_exports SET receipt_date = NEW.receipt_date WHERE receipt_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "receipts_export_mark_date" AFTER UPDATE OF "receipt_date" ON "receipts"
  FOR EACH ROW WHEN (OLD."receipt_date" IS DISTINCT FROM NEW."receipt_date") EXECUTE FUNCTION "receipt_exports_follow_receipt_date"();
