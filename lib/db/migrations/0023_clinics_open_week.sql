-- The clinic search's `openNow` / `openAt` and `capabilities` filters (lib/domain/clinics/search.ts)
-- drop candidates of the radius box. They read the hours, the zone and the capabilities from the
-- row, so the search was a bitmap heap scan over one heap page per candidate with a JSON path
-- evaluation each (~25% of Next's constant answer against ~50% without the filters, issue 34).
-- Now the weekly hours are also kept as a multirange of minutes of the week in the clinic's own
-- zone (`open_week`, Monday 00:00 = 0, `[opens, closes)` per interval: `24:00` is the next day's
-- minute 0, 10080 at the end of Sunday), kept by a trigger from `hours` alone (no zone, no date:
-- what the local time means stays the search's `at time zone`, so daylight saving is still
-- PostgreSQL's tz data). The GiST index INCLUDEs it with the capabilities and the zone columns, so
-- the filtered search is an index-only scan like the plain one, and "open at an instant" is one
-- multirange containment of the instant's local minute of the week (lib/domain/clinics/hours.ts
-- `isOpenInWeekSql`, the same answer as `isOpenSql`: tests/unit/open-at.test.ts).
CREATE FUNCTION clinic_open_week(hours jsonb) RETURNS int4multirange LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog AS $$
  SELECT coalesce(range_agg(int4range(w.base + w.opens, w.base + w.closes)), '{}'::int4multirange)
  FROM (
    SELECT (array_position(ARRAY['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], h->>'day') - 1) * 1440 AS base,
      split_part(h->>'opens', ':', 1)::int * 60 + split_part(h->>'opens', ':', 2)::int AS opens,
      split_part(h->>'closes', ':', 1)::int * 60 + split_part(h->>'closes', ':', 2)::int AS closes
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(hours) = 'array' THEN hours ELSE '[]'::jsonb END) h
    WHERE h->>'opens' ~ '^[0-9]{2}:[0-9]{2}$' AND h->>'closes' ~ '^[0-9]{2}:[0-9]{2}$'
  ) w
  WHERE w.base IS NOT NULL AND w.closes > w.opens
$$;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "open_week" int4multirange NOT NULL DEFAULT '{}';--> statement-breakpoint
CREATE FUNCTION clinics_set_open_week() RETURNS trigger LANGUAGE plpgsql SET search_path = public, pg_catalog AS $$
BEGIN
  NEW.open_week := clinic_open_week(NEW.hours);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER clinics_open_week BEFORE INSERT OR UPDATE OF hours ON "clinics"
  FOR EACH ROW EXECUTE FUNCTION clinics_set_open_week();--> statement-breakpoint
UPDATE "clinics" SET "open_week" = clinic_open_week("hours") WHERE "hours" <> '[]'::jsonb;--> statement-breakpoint
DROP INDEX "clinics_earth_point_idx";--> statement-breakpoint
CREATE INDEX "clinics_earth_point_idx" ON "clinics" USING gist ("earth_point")
  INCLUDE ("tenant_id", "is_active", "id", "capabilities", "time_zone", "address_state", "open_week");
