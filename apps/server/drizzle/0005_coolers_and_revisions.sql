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
ALTER TABLE "revision_entries" ADD CONSTRAINT "revision_entries_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coolers_serial_number_unique" ON "coolers" USING btree (lower("serial_number"));--> statement-breakpoint
CREATE INDEX "coolers_serial_number_trgm_idx" ON "coolers" USING gin (lower("serial_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "coolers_part_number_idx" ON "coolers" USING btree ("part_number_id");--> statement-breakpoint
CREATE INDEX "coolers_date_of_manufacture_idx" ON "coolers" USING btree ("date_of_manufacture","id");--> statement-breakpoint
CREATE INDEX "revision_entries_entry_idx" ON "revision_entries" USING btree ("entry_kind","entry_ref","id");