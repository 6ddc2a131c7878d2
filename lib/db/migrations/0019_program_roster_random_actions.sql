CREATE TABLE "actions" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"company_id" text,
	"type" text NOT NULL,
	"severity" text NOT NULL,
	"title" text NOT NULL,
	"subject_object" text NOT NULL,
	"subject_id" text NOT NULL,
	"due_at" timestamp (3) with time zone,
	"citation" text,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_at" timestamp (3) with time zone,
	"resolved_by" jsonb,
	"resolution" text,
	"note" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"company_id" text NOT NULL,
	"location_id" text,
	"external_id" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"birth_date" date,
	"email" text,
	"phone" text,
	"cdl_number_encrypted" text,
	"cdl_last4" text,
	"cdl_state" text,
	"agency_id" text,
	"job_category_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"active_from" date NOT NULL,
	"active_to" date,
	"last_limited_query_on" date,
	"last_full_query_on" date,
	"limited_consent_until" date,
	"clearinghouse_status" text DEFAULT 'unknown' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "random_draws" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"pool_id" text NOT NULL,
	"period" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"drawn_at" timestamp (3) with time zone NOT NULL,
	"drawn_by" jsonb NOT NULL,
	"pool_size" integer NOT NULL,
	"mean_pool_size" double precision NOT NULL,
	"required" jsonb NOT NULL,
	"selected_counts" jsonb NOT NULL,
	"drug_rate" double precision NOT NULL,
	"alcohol_rate" double precision,
	"seed_hex" text NOT NULL,
	"seed_revealed_at" timestamp (3) with time zone,
	"commitment" text NOT NULL,
	"pool_hash" text NOT NULL,
	"algorithm" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"ranking" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "random_pools" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"agency_ids" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"company_ids" text[] NOT NULL,
	"drug_rate" double precision NOT NULL,
	"alcohol_rate" double precision,
	"frequency" text NOT NULL,
	"drug_package_id" text,
	"alcohol_package_id" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "random_rates" (
	"id" text PRIMARY KEY NOT NULL,
	"agency_id" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"year" integer NOT NULL,
	"drug_rate" double precision NOT NULL,
	"alcohol_rate" double precision,
	"source" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "random_selections" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"draw_id" text NOT NULL,
	"employee_id" text NOT NULL,
	"company_id" text NOT NULL,
	"kind" text NOT NULL,
	"rank" integer NOT NULL,
	"status" text DEFAULT 'selected' NOT NULL,
	"notify_on" date NOT NULL,
	"order_id" text,
	"excuse_reason" text,
	"excuse_note" text,
	"replaces_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "employee_id" text;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_job_category_id_job_categories_id_fk" FOREIGN KEY ("job_category_id") REFERENCES "public"."job_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "random_draws" ADD CONSTRAINT "random_draws_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "random_draws" ADD CONSTRAINT "random_draws_pool_id_random_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."random_pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "random_pools" ADD CONSTRAINT "random_pools_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "random_pools" ADD CONSTRAINT "random_pools_drug_package_id_packages_id_fk" FOREIGN KEY ("drug_package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "random_pools" ADD CONSTRAINT "random_pools_alcohol_package_id_packages_id_fk" FOREIGN KEY ("alcohol_package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "random_rates" ADD CONSTRAINT "random_rates_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "random_selections" ADD CONSTRAINT "random_selections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "random_selections" ADD CONSTRAINT "random_selections_draw_id_random_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."random_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "random_selections" ADD CONSTRAINT "random_selections_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "random_selections" ADD CONSTRAINT "random_selections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "random_selections" ADD CONSTRAINT "random_selections_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "random_selections" ADD CONSTRAINT "random_selections_replaces_id_random_selections_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."random_selections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "actions_open_subject_idx" ON "actions" USING btree ("tenant_id","type","subject_object","subject_id") WHERE "actions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "actions_tenant_status_due_idx" ON "actions" USING btree ("tenant_id","status","due_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_company_external_idx" ON "employees" USING btree ("company_id","external_id");--> statement-breakpoint
CREATE INDEX "employees_tenant_name_idx" ON "employees" USING btree ("tenant_id",lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "employees_tenant_company_status_idx" ON "employees" USING btree ("tenant_id","company_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "random_draws_pool_period_idx" ON "random_draws" USING btree ("pool_id","period");--> statement-breakpoint
CREATE INDEX "random_draws_tenant_drawn_idx" ON "random_draws" USING btree ("tenant_id","drawn_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "random_pools_tenant_name_idx" ON "random_pools" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "random_rates_agency_category_year_idx" ON "random_rates" USING btree ("agency_id","category","year");--> statement-breakpoint
CREATE UNIQUE INDEX "random_selections_draw_kind_rank_idx" ON "random_selections" USING btree ("draw_id","kind","rank");--> statement-breakpoint
CREATE INDEX "random_selections_employee_idx" ON "random_selections" USING btree ("employee_id","created_at");--> statement-breakpoint
CREATE INDEX "random_selections_order_idx" ON "random_selections" USING btree ("order_id") WHERE "random_selections"."order_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_employee_created_idx" ON "orders" USING btree ("employee_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "orders"."employee_id" is not null;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_created_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "webhook_deliveries"."endpoint_id" is not null;