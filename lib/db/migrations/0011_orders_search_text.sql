-- Order search (issue 19): every word of `search` is looked for in one text, the code, first,
-- middle and last name and e-mail, lower-case and without dashes (lib/domain/orders/queries.ts
-- SEARCH_TEXT is the same expression; change both together). One trigram index over it replaces
-- the three per-column ones of migration 0001.
DROP INDEX IF EXISTS "orders_search_code_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "orders_search_email_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "orders_search_name_idx";--> statement-breakpoint
CREATE INDEX "orders_search_text_idx" ON "orders" USING gin ((lower(replace(coalesce("code", '') || ' ' || coalesce("participant_first_name", '') || ' ' || coalesce("participant_middle_name", '') || ' ' || coalesce("participant_last_name", '') || ' ' || coalesce("participant_email", ''), '-', ''))) gin_trgm_ops);
