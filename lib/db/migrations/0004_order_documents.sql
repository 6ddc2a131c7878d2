-- Stored order documents (see orders.document in schema.ts). The application stores a document in
-- the transaction of every order change; these triggers make a stale one impossible: any other
-- change of the order, its services, their histories or its packages sets it to NULL, and a NULL
-- document is built when read.
ALTER TABLE "orders" ADD COLUMN "document" json;--> statement-breakpoint

-- An update of the order that changes anything but the document (and the event counter, which
-- the document does not show) forgets the document, unless the same statement stores a new one.
CREATE FUNCTION orders_forget_stale_document() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  IF NEW.document IS NOT NULL AND OLD.document IS NOT NULL AND NEW.document::text = OLD.document::text
     AND (to_jsonb(NEW) - 'document' - 'event_sequence') <> (to_jsonb(OLD) - 'document' - 'event_sequence') THEN
    NEW.document := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_forget_stale_document BEFORE UPDATE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION orders_forget_stale_document();--> statement-breakpoint

-- Rows that belong to an order through order_id: services and packages.
CREATE FUNCTION order_part_forget_document() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  part record;
BEGIN
  IF TG_OP = 'DELETE' THEN part := OLD; ELSE part := NEW; END IF;
  UPDATE orders SET document = NULL WHERE id = part.order_id AND document IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_services_forget_document AFTER INSERT OR UPDATE OR DELETE ON "order_services"
  FOR EACH ROW EXECUTE FUNCTION order_part_forget_document();--> statement-breakpoint
CREATE TRIGGER order_packages_forget_document AFTER INSERT OR UPDATE OR DELETE ON "order_packages"
  FOR EACH ROW EXECUTE FUNCTION order_part_forget_document();--> statement-breakpoint

-- Rows that belong to an order through a service: the status and screening histories.
CREATE FUNCTION order_service_part_forget_document() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  part record;
BEGIN
  IF TG_OP = 'DELETE' THEN part := OLD; ELSE part := NEW; END IF;
  UPDATE orders SET document = NULL
    WHERE id = (SELECT order_id FROM order_services WHERE id = part.order_service_id) AND document IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_service_status_history_forget_document AFTER INSERT OR UPDATE OR DELETE ON "order_service_status_history"
  FOR EACH ROW EXECUTE FUNCTION order_service_part_forget_document();--> statement-breakpoint
CREATE TRIGGER order_service_screen_history_forget_document AFTER INSERT OR UPDATE OR DELETE ON "order_service_screen_history"
  FOR EACH ROW EXECUTE FUNCTION order_service_part_forget_document();
