CREATE TYPE "public"."print_job_status" AS ENUM('sending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."printer_connection" AS ENUM('raw', 'ipp');--> statement-breakpoint
CREATE TYPE "public"."printer_language" AS ENUM('zpl', 'pdf');--> statement-breakpoint
CREATE TABLE "print_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"printer_id" uuid NOT NULL,
	"receipt_ids" uuid[] NOT NULL,
	"labels" integer NOT NULL,
	"status" "print_job_status" DEFAULT 'sending' NOT NULL,
	"message" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "printers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"connection" "printer_connection" NOT NULL,
	"host" varchar(253),
	"port" integer,
	"url" varchar(2000),
	"language" "printer_language" NOT NULL,
	"preset" varchar(40) NOT NULL,
	"darkness" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(180),
	CONSTRAINT "printers_address_check" CHECK (("printers"."connection" = 'raw' and "printers"."host" is not null and "printers"."port" between 1 and 65535 and "printers"."url" is null) or ("printers"."connection" = 'ipp' and "printers"."url" is not null and "printers"."host" is null and "printers"."port" is null)),
	CONSTRAINT "printers_darkness_check" CHECK ("printers"."darkness" between 0 and 30)
);
--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_jobs_printer_idx" ON "print_jobs" USING btree ("printer_id","created_at");--> statement-breakpoint
CREATE INDEX "print_jobs_created_by_idx" ON "print_jobs" USING btree ("created_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "printers_name_unique" ON "printers" USING btree (lower("name"));