ALTER TABLE "receipt_exports" DROP CONSTRAINT "receipt_exports_receipt_id_receipts_id_fk";
