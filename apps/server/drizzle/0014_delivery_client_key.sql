ALTER TABLE "deliveries" ADD COLUMN "client_key" uuid;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_client_key_unique" UNIQUE("client_key");