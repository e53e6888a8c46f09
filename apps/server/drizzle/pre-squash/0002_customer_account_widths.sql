ALTER TABLE "customer_accounts" ALTER COLUMN "email" SET DATA TYPE varchar(255);--> statement-breakpoint
ALTER TABLE "customer_accounts" ALTER COLUMN "telephone" SET DATA TYPE varchar(100);