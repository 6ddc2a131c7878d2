ALTER TABLE "clinics" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "clinics_tenant_external_id_idx" ON "clinics" USING btree ("tenant_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "services_tenant_external_id_idx" ON "services" USING btree ("tenant_id","external_id");