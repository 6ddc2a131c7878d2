-- The stored order document (0004) is forgotten when a column it shows changes. retention_until and
-- reminders_sent are bookkeeping the document does not show: setting them (the reminder sweep, the
-- retention fill, the seed) keeps the document instead of making every read rebuild it.
CREATE OR REPLACE FUNCTION orders_forget_stale_document() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  IF NEW.document IS NOT NULL AND OLD.document IS NOT NULL AND NEW.document::text = OLD.document::text
     AND (to_jsonb(NEW) - 'document' - 'event_sequence' - 'retention_until' - 'reminders_sent')
      <> (to_jsonb(OLD) - 'document' - 'event_sequence' - 'retention_until' - 'reminders_sent') THEN
    NEW.document := NULL;
  END IF;
  RETURN NEW;
END $$;
