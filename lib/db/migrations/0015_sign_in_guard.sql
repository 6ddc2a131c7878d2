ALTER TABLE "user_sessions" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sign_in_epoch" integer DEFAULT 0 NOT NULL;