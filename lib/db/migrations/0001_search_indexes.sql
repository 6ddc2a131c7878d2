-- Extensions (PGlite loads them from @electric-sql/pglite/contrib; Debian PostgreSQL ships them in contrib).
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint

-- Clinic position as an earth point kept by a trigger, with a GiST index for nearest-neighbour
-- search (`<->`). A stored column instead of an index on ll_to_earth(lat, long): on PostgreSQL 15
-- such an expression index breaks REINDEX and dump/restore under a restricted search_path.
ALTER TABLE "clinics" ADD COLUMN "earth_point" public.cube;--> statement-breakpoint
CREATE FUNCTION clinics_set_earth_point() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  NEW.earth_point := CASE WHEN NEW.lat IS NULL OR NEW.long IS NULL THEN NULL ELSE ll_to_earth(NEW.lat, NEW.long)::cube END;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER clinics_earth_point BEFORE INSERT OR UPDATE OF lat, long ON "clinics"
  FOR EACH ROW EXECUTE FUNCTION clinics_set_earth_point();--> statement-breakpoint
CREATE INDEX "clinics_earth_point_idx" ON "clinics" USING gist ("earth_point");--> statement-breakpoint

-- Order search: partial match on code, e-mail and participant name.
CREATE INDEX "orders_search_code_idx" ON "orders" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_search_email_idx" ON "orders" USING gin ("participant_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_search_name_idx" ON "orders" USING gin (("participant_first_name" || ' ' || "participant_last_name") gin_trgm_ops);
