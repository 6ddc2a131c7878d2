CREATE TABLE "clearinghouse_queries" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"employee_id" text NOT NULL,
	"type" text NOT NULL,
	"queried_on" date NOT NULL,
	"result" text NOT NULL,
	"recorded_by" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_up_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"company_id" text NOT NULL,
	"employee_id" text NOT NULL,
	"agency_id" text,
	"sap" jsonb NOT NULL,
	"return_to_duty_order_id" text NOT NULL,
	"starts_on" date NOT NULL,
	"phases" jsonb NOT NULL,
	"substances" text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"tests_required" integer NOT NULL,
	"paused_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_up_tests" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"number" integer NOT NULL,
	"window_start" date NOT NULL,
	"window_end" date NOT NULL,
	"due_on" date NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"order_id" text,
	"make_up_of_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_services" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "clearinghouse" jsonb;--> statement-breakpoint
ALTER TABLE "clearinghouse_queries" ADD CONSTRAINT "clearinghouse_queries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clearinghouse_queries" ADD CONSTRAINT "clearinghouse_queries_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_plans" ADD CONSTRAINT "follow_up_plans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_plans" ADD CONSTRAINT "follow_up_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_plans" ADD CONSTRAINT "follow_up_plans_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_plans" ADD CONSTRAINT "follow_up_plans_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_plans" ADD CONSTRAINT "follow_up_plans_return_to_duty_order_id_orders_id_fk" FOREIGN KEY ("return_to_duty_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_tests" ADD CONSTRAINT "follow_up_tests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_tests" ADD CONSTRAINT "follow_up_tests_plan_id_follow_up_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."follow_up_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_tests" ADD CONSTRAINT "follow_up_tests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_tests" ADD CONSTRAINT "follow_up_tests_make_up_of_id_follow_up_tests_id_fk" FOREIGN KEY ("make_up_of_id") REFERENCES "public"."follow_up_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clearinghouse_queries_employee_idx" ON "clearinghouse_queries" USING btree ("employee_id","queried_on");--> statement-breakpoint
CREATE INDEX "follow_up_plans_employee_idx" ON "follow_up_plans" USING btree ("employee_id","created_at");--> statement-breakpoint
CREATE INDEX "follow_up_plans_tenant_status_idx" ON "follow_up_plans" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "follow_up_tests_plan_idx" ON "follow_up_tests" USING btree ("plan_id","number");--> statement-breakpoint
CREATE INDEX "follow_up_tests_due_idx" ON "follow_up_tests" USING btree ("tenant_id","status","due_on");--> statement-breakpoint
CREATE INDEX "follow_up_tests_order_idx" ON "follow_up_tests" USING btree ("order_id") WHERE "follow_up_tests"."order_id" is not null;