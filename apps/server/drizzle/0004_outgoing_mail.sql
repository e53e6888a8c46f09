CREATE TABLE "outgoing_mail" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(40) NOT NULL,
	"ref" varchar(200) NOT NULL,
	"recipients" text[] DEFAULT '{}'::text[] NOT NULL,
	"tracking_token" varchar(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sending_since" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"failure_reason" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outgoing_mail_tracking_token_unique" UNIQUE("tracking_token")
);
--> statement-breakpoint
CREATE INDEX "outgoing_mail_ref_idx" ON "outgoing_mail" USING btree ("kind","ref","created_at");