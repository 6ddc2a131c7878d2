-- The newest-first listing indexes also carry company_id (INCLUDE), so a list page, whose filter
-- always names the reader's companies, is an index-only scan: page 500 (OFFSET 4990) no longer
-- reads 5,000 order rows to check their company. drizzle-kit cannot express INCLUDE; schema.ts
-- keeps the same names and key columns, so its snapshots stay in step with this file.
DROP INDEX IF EXISTS "orders_tenant_created_idx";--> statement-breakpoint
CREATE INDEX "orders_tenant_created_idx" ON "orders" USING btree ("tenant_id", "created_at" DESC, "id" DESC) INCLUDE ("company_id");--> statement-breakpoint
DROP INDEX IF EXISTS "orders_tenant_status_created_idx";--> statement-breakpoint
CREATE INDEX "orders_tenant_status_created_idx" ON "orders" USING btree ("tenant_id", "status", "created_at" DESC, "id" DESC) INCLUDE ("company_id");
