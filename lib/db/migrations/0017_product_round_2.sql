ALTER TABLE "companies" ADD COLUMN "participant_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "participant_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_invitations" ADD COLUMN "purpose" text DEFAULT 'invitation' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_invitations" ADD COLUMN "link_shown_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;