CREATE TYPE "public"."address_target" AS ENUM('dispatch', 'invoice');--> statement-breakpoint
CREATE TYPE "public"."delivery_status" AS ENUM('pending', 'approved');--> statement-breakpoint
CREATE TYPE "public"."delivery_type" AS ENUM('transfer', 'scrap', 'error_sheet');--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" "delivery_type" NOT NULL,
	"status" "delivery_status" DEFAULT 'pending' NOT NULL,
	"delivery_day" date NOT NULL,
	"customer_account_id" integer,
	"business_name" varchar(255),
	"dispatch_address_id" integer,
	"invoice_address_id" integer,
	"cc_code_id" uuid,
	"items_count" integer DEFAULT 0 NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by_id" integer,
	"created_by_id" integer,
	"email_delivered_at" timestamp with time zone,
	"email_viewed_at" timestamp with time zone,
	"email_failed_at" timestamp with time zone,
	"email_failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deliveries_id_type_unique" UNIQUE("id","type"),
	CONSTRAINT "deliveries_approved_check" CHECK (("deliveries"."status" = 'approved') = ("deliveries"."approved_at" is not null)),
	CONSTRAINT "deliveries_items_count_check" CHECK ("deliveries"."items_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"address_target" "address_target" NOT NULL,
	"address" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"delivery_type" "delivery_type" NOT NULL,
	"receipt_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_recipients" (
	"delivery_id" integer NOT NULL,
	"delivery_email_id" integer NOT NULL,
	CONSTRAINT "delivery_recipients_delivery_id_delivery_email_id_pk" PRIMARY KEY("delivery_id","delivery_email_id")
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_customer_account_id_customer_accounts_id_fk" FOREIGN KEY ("customer_account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_dispatch_address_id_delivery_addresses_id_fk" FOREIGN KEY ("dispatch_address_id") REFERENCES "public"."delivery_addresses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_invoice_address_id_delivery_addresses_id_fk" FOREIGN KEY ("invoice_address_id") REFERENCES "public"."delivery_addresses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_cc_code_id_cc_codes_id_fk" FOREIGN KEY ("cc_code_id") REFERENCES "public"."cc_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_lines" ADD CONSTRAINT "delivery_lines_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_lines" ADD CONSTRAINT "delivery_lines_delivery_fk" FOREIGN KEY ("delivery_id","delivery_type") REFERENCES "public"."deliveries"("id","type") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_recipients" ADD CONSTRAINT "delivery_recipients_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_recipients" ADD CONSTRAINT "delivery_recipients_delivery_email_id_delivery_emails_id_fk" FOREIGN KEY ("delivery_email_id") REFERENCES "public"."delivery_emails"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_type_id_idx" ON "deliveries" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "deliveries_type_created_idx" ON "deliveries" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "deliveries_type_day_idx" ON "deliveries" USING btree ("type","delivery_day","id");--> statement-breakpoint
CREATE INDEX "deliveries_type_items_idx" ON "deliveries" USING btree ("type","items_count","id");--> statement-breakpoint
CREATE INDEX "deliveries_customer_account_idx" ON "deliveries" USING btree ("customer_account_id","id");--> statement-breakpoint
CREATE INDEX "deliveries_dispatch_address_idx" ON "deliveries" USING btree ("dispatch_address_id");--> statement-breakpoint
CREATE INDEX "deliveries_invoice_address_idx" ON "deliveries" USING btree ("invoice_address_id");--> statement-breakpoint
CREATE INDEX "deliveries_cc_code_idx" ON "deliveries" USING btree ("cc_code_id");--> statement-breakpoint
CREATE INDEX "delivery_addresses_target_idx" ON "delivery_addresses" USING btree ("address_target","id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_emails_email_unique" ON "delivery_emails" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "delivery_emails_email_trgm_idx" ON "delivery_emails" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_lines_delivery_receipt_unique" ON "delivery_lines" USING btree ("delivery_id","receipt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_lines_exclusive_receipt_unique" ON "delivery_lines" USING btree ("receipt_id") WHERE "delivery_lines"."delivery_type" in ('transfer', 'scrap');--> statement-breakpoint
CREATE INDEX "delivery_lines_receipt_idx" ON "delivery_lines" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "delivery_lines_delivery_idx" ON "delivery_lines" USING btree ("delivery_id","id");--> statement-breakpoint
CREATE INDEX "delivery_recipients_email_idx" ON "delivery_recipients" USING btree ("delivery_email_id");--> statement-breakpoint
-- docs/decisions/112 and 150: the receipts list filters by note (deliveryId, inDeliveryNote) and shows each
-- receipt's note, so a change of delivery lines gives 'inventory' a new version too.
CREATE TRIGGER "delivery_lines_inventory_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "delivery_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_inventory_version"();
