-- Approving a note gives the inventory list a new version (docs/decisions/112, 255): the receipts
-- list filters on it (noteApprovedDate) and the dashboard's turnaround remembers its figure under
-- that version. Only the approval's columns: the mail worker's status updates leave the version alone.
CREATE TRIGGER "deliveries_inventory_version" AFTER UPDATE OF "status", "approved_at" ON "deliveries"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_inventory_version"();
