CREATE TABLE "coolers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"serial_number" varchar(100) NOT NULL,
	"part_number_id" uuid NOT NULL,
	"date_of_manufacture" date NOT NULL,
	"model_number" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lb_number" varchar(50) NOT NULL,
	"receipt_date" timestamp with time zone NOT NULL,
	"supplier_id" integer NOT NULL,
	"customer_account_id" integer NOT NULL,
	"inventory_item_id" uuid NOT NULL,
	"collection_point_id" integer,
	"engineer_no" varchar(100),
	"process_option" varchar(1) NOT NULL,
	"process_state" varchar(2),
	"scrap_reason_id" integer,
	"notes" text,
	"tag_fault_comment" text,
	"asset_no" varchar(100),
	"is_exported" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_process_option_check" CHECK ("receipts"."process_option" in ('X', 'D', 'S')),
	CONSTRAINT "receipts_process_state_check" CHECK ("receipts"."process_state" is null or ("receipts"."process_option" = 'D' and "receipts"."process_state" in ('D1', 'D2', 'D3', 'D4', 'D5'))),
	CONSTRAINT "receipts_scrap_reason_check" CHECK (("receipts"."scrap_reason_id" is not null) = ("receipts"."process_option" = 'S' or coalesce("receipts"."process_state" = 'D5', false))),
	CONSTRAINT "receipts_mode_check" CHECK (("receipts"."collection_point_id" is null) <> ("receipts"."engineer_no" is null))
);
--> statement-breakpoint
CREATE TABLE "revision_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_kind" varchar(20) NOT NULL,
	"entry_ref" varchar(64) NOT NULL,
	"diff_type" varchar(10) NOT NULL,
	"text_only_message" text[] DEFAULT '{}'::text[] NOT NULL,
	"old_new_message" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"creator_id" integer,
	"creator_username" varchar(180) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revision_entries_diff_type_check" CHECK ("revision_entries"."diff_type" in ('Text', 'OldNew'))
);
--> statement-breakpoint
ALTER TABLE "coolers" ADD CONSTRAINT "coolers_part_number_id_part_numbers_id_fk" FOREIGN KEY ("part_number_id") REFERENCES "public"."part_numbers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_customer_account_id_customer_accounts_id_fk" FOREIGN KEY ("customer_account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_inventory_item_id_coolers_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."coolers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_collection_point_id_collection_points_id_fk" FOREIGN KEY ("collection_point_id") REFERENCES "public"."collection_points"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_scrap_reason_id_scrap_reasons_id_fk" FOREIGN KEY ("scrap_reason_id") REFERENCES "public"."scrap_reasons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_entries" ADD CONSTRAINT "revision_entries_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coolers_serial_number_unique" ON "coolers" USING btree (lower("serial_number"));--> statement-breakpoint
CREATE INDEX "coolers_serial_number_trgm_idx" ON "coolers" USING gin (lower("serial_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "coolers_part_number_idx" ON "coolers" USING btree ("part_number_id");--> statement-breakpoint
CREATE INDEX "coolers_date_of_manufacture_idx" ON "coolers" USING btree ("date_of_manufacture","id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_lb_number_unique" ON "receipts" USING btree ("lb_number");--> statement-breakpoint
CREATE INDEX "receipts_lb_number_trgm_idx" ON "receipts" USING gin (lower("lb_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "receipts_engineer_no_trgm_idx" ON "receipts" USING gin (lower("engineer_no") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "receipts_receipt_date_idx" ON "receipts" USING btree ("receipt_date","id");--> statement-breakpoint
CREATE INDEX "receipts_inventory_item_idx" ON "receipts" USING btree ("inventory_item_id","receipt_date","created_at");--> statement-breakpoint
CREATE INDEX "receipts_customer_account_idx" ON "receipts" USING btree ("customer_account_id","receipt_date","id");--> statement-breakpoint
CREATE INDEX "receipts_supplier_idx" ON "receipts" USING btree ("supplier_id","id");--> statement-breakpoint
CREATE INDEX "receipts_collection_point_idx" ON "receipts" USING btree ("collection_point_id","id");--> statement-breakpoint
CREATE INDEX "receipts_scrap_reason_idx" ON "receipts" USING btree ("scrap_reason_id","id");--> statement-breakpoint
CREATE INDEX "receipts_engineer_no_idx" ON "receipts" USING btree (lower("engineer_no"),"id");--> statement-breakpoint
CREATE INDEX "receipts_process_option_idx" ON "receipts" USING btree ("process_option","receipt_date","id");--> statement-breakpoint
CREATE INDEX "receipts_process_state_idx" ON "receipts" USING btree ("process_state","receipt_date","id");--> statement-breakpoint
CREATE INDEX "receipts_is_exported_idx" ON "receipts" USING btree ("is_exported","receipt_date","id");--> statement-breakpoint
CREATE INDEX "revision_entries_entry_idx" ON "revision_entries" USING btree ("entry_kind","entry_ref","id");