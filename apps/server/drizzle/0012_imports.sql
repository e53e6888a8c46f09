CREATE TABLE "import_file_chunks" (
	"import_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "import_file_chunks_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "import_mappings" (
	"user_id" integer NOT NULL,
	"kind" varchar(30) NOT NULL,
	"mapping" jsonb NOT NULL,
	CONSTRAINT "import_mappings_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "import_refusals" (
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"problems" jsonb NOT NULL,
	"cells" jsonb NOT NULL,
	CONSTRAINT "import_refusals_import_id_row_number_pk" PRIMARY KEY("import_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" varchar(30) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"format" varchar(10) NOT NULL,
	"size" integer NOT NULL,
	"sheet" varchar(100),
	"sheets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"checked_mapping" jsonb,
	"status" varchar(20) NOT NULL,
	"run_id" uuid,
	"run_mode" varchar(10),
	"run_started_at" timestamp with time zone,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"bytes_done" bigint DEFAULT 0 NOT NULL,
	"resume_row" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{"new":0,"updated":0,"unchanged":0,"refused":0}'::jsonb NOT NULL,
	"error" text,
	"creator_id" integer,
	"creator_username" varchar(180) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "revision_entries" ADD COLUMN "source" varchar(300);--> statement-breakpoint
ALTER TABLE "import_file_chunks" ADD CONSTRAINT "import_file_chunks_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_refusals" ADD CONSTRAINT "import_refusals_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_creator_idx" ON "imports" USING btree ("creator_id","created_at");