-- docs/decisions/286: the delivery notes' lists remember their totals like the inventory's and the
-- catalog's (decision 112). A note created, deleted, or changed in what the lists filter on (type,
-- status, customer account) gives 'deliveries' a new version; the mail worker's tracking columns
-- and the note's other fields leave it alone. The version moves when the transaction commits
-- (a deferred trigger), after every other lock it takes: two notes saved at once, each holding a
-- line the other wants, would otherwise wait for each other on the version row.
INSERT INTO "list_versions" ("list", "version") VALUES ('deliveries', nextval('list_version_seq'));--> statement-breakpoint
CREATE FUNCTION "bump_deliveries_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE list_versions SET version = nextval('list_version_seq') WHERE list = 'deliveries';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "deliveries_list_version" AFTER INSERT OR DELETE OR UPDATE OF "type", "status", "customer_account_id" ON "deliveries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_deliveries_version"();--> statement-breakpoint
CREATE TRIGGER "deliveries_list_version_truncate" AFTER TRUNCATE ON "deliveries"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_deliveries_version"();
