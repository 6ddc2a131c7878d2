-- Creating an order (issue 18): one statement writes the order and everything that comes with it.
--
-- 1. Status counters get slots: a change adds to one of 16 rows of its (tenant, company, status),
--    chosen at random, instead of one row that every concurrent create of a company queued on
--    until the previous one committed. Totals sum the slots, as they already summed companies.
ALTER TABLE "order_counters" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_counters" DROP CONSTRAINT "order_counters_tenant_id_company_id_status_pk";--> statement-breakpoint
ALTER TABLE "order_counters" ADD CONSTRAINT "order_counters_tenant_id_company_id_status_slot_pk" PRIMARY KEY("tenant_id","company_id","status","slot");--> statement-breakpoint

-- 2. The create-order statement stores the new order's document in the order's own INSERT, built
--    from the very values it inserts (lib/domain/orders/new-order-document.ts), and names the order
--    in the transaction-local setting `dto.creating_order`. The parts it inserts with it (services,
--    packages, status history) then keep that document instead of forgetting it, which had cost an
--    UPDATE of the new row (often not HOT: 11 index entries) and a rebuild in SQL. Any other insert,
--    update or delete of a part forgets the document exactly as before (migration 0004).
CREATE OR REPLACE FUNCTION order_part_forget_document() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  part record;
BEGIN
  IF TG_OP = 'DELETE' THEN part := OLD; ELSE part := NEW; END IF;
  IF TG_OP = 'INSERT' AND part.order_id = current_setting('dto.creating_order', true) THEN RETURN NULL; END IF;
  UPDATE orders SET document = NULL WHERE id = part.order_id AND document IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION order_service_part_forget_document() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  part record;
  owner text;
BEGIN
  IF TG_OP = 'DELETE' THEN part := OLD; ELSE part := NEW; END IF;
  SELECT order_id INTO owner FROM order_services WHERE id = part.order_service_id;
  IF TG_OP = 'INSERT' AND owner = current_setting('dto.creating_order', true) THEN RETURN NULL; END IF;
  UPDATE orders SET document = NULL WHERE id = owner AND document IS NOT NULL;
  RETURN NULL;
END $$;
