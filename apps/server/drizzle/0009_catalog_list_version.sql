-- docs/decisions/246: the reference lists' totals are remembered like the inventory's (decision 112).
-- Every statement that changes one of their tables gives 'catalog' a new version.
INSERT INTO "list_versions" ("list", "version") VALUES ('catalog', nextval('list_version_seq'));--> statement-breakpoint
CREATE FUNCTION "bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE list_versions SET version = nextval('list_version_seq') WHERE list = 'catalog';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "part_numbers_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "part_numbers"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "customer_accounts_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "customer_accounts"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "clients_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "clients"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "collection_points_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "collection_points"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "cc_codes_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cc_codes"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "scrap_reasons_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "scrap_reasons"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "suppliers_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "suppliers"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "delivery_emails_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "delivery_emails"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
