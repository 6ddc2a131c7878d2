ALTER TABLE "audit_events" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "subject_type" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "subject_id" text;--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("tenant_id","subject_type","subject_id","created_at") WHERE "audit_events"."subject_type" is not null;