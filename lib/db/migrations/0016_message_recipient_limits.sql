ALTER TABLE "messages" ADD COLUMN "to_hash" text;--> statement-breakpoint
CREATE INDEX "messages_recipient_idx" ON "messages" USING btree ("tenant_id","to_hash","created_at");