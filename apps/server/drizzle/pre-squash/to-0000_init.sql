-- Hand-written (docs/decisions/194): brings a database made with the migrations above (0000_init …
-- 0004_reference_data_lists of 2026-11-21, each applied in turn) to the schema of the squashed
-- ../0000_init.sql without re-creating what exists, keeping every row. Runs in the same transaction as the
-- rest of the upgrade; ../0000_init.sql is then recorded as applied.
CREATE TYPE "public"."upload_kind" AS ENUM('avatar');--> statement-breakpoint
CREATE TYPE "public"."user_color" AS ENUM('Red', 'Green', 'Blue', 'Yellow', 'Purple', 'Orange', 'Pink', 'Brown', 'Gray', 'Black', 'Cyan', 'Magenta', 'Lime', 'Teal', 'Indigo', 'Maroon', 'Gold', 'Silver', 'Violet');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('Admin', 'Production');--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" SET DATA TYPE "public"."user_role" USING "role"::"public"."user_role";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "color" SET DATA TYPE "public"."user_color" USING "color"::"public"."user_color";--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "kind" SET DATA TYPE "public"."upload_kind" USING "kind"::"public"."upload_kind";--> statement-breakpoint
-- The avatar was stored as the URL the API handed out (PUBLIC_URL + /api/uploads/<id>); it becomes a
-- reference to that upload. A URL naming no stored upload could not be shown before either: it is dropped.
ALTER TABLE "users" ADD COLUMN "avatar_upload_id" varchar(64);--> statement-breakpoint
UPDATE "users" SET "avatar_upload_id" = "uploads"."id" FROM "uploads"
  WHERE "uploads"."id" = substring("users"."avatar" from '/api/uploads/([A-Za-z0-9_-]{43})$');--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "avatar";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_avatar_upload_id_uploads_id_fk" FOREIGN KEY ("avatar_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_created_idx" ON "uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_avatar_upload_idx" ON "users" USING btree ("avatar_upload_id");
