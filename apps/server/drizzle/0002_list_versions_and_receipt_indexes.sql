CREATE TABLE "list_versions" (
	"list" varchar(40) PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "receipts_is_exported_idx";--> statement-breakpoint
CREATE INDEX "receipts_process_option_id_idx" ON "receipts" USING btree ("process_option","id");--> statement-breakpoint
-- docs/decisions/112: every statement that changes receipts or coolers gives 'inventory' a new version,
-- unless its transaction set cooler_hub.defer_inventory_version (the end-of-day CSV, which sets the
-- version itself once at its end: a row lock held for the whole download would stall receipt creates).
CREATE SEQUENCE "list_version_seq";--> statement-breakpoint
INSERT INTO "list_versions" ("list", "version") VALUES ('inventory', nextval('list_version_seq'));--> statement-breakpoint
CREATE FUNCTION "bump_inventory_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('cooler_hub.defer_inventory_version', true), '') <> 'on' THEN
    UPDATE list_versions SET version = nextval('list_version_seq') WHERE list = 'inventory';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "receipts_inventory_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "receipts"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_inventory_version"();--> statement-breakpoint
CREATE TRIGGER "coolers_inventory_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "coolers"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_inventory_version"();
