-- List pages are index-only scans of the listing indexes (migration 0003) only on heap pages the
-- visibility map marks all-visible. New and changed orders are the newest ones, exactly what list
-- pages show, and with the defaults autovacuum waits for 20% of the table (200,000 rows at a
-- million orders) before it marks their pages: until then every entry a page reads or skips costs
-- a heap fetch (page 500 measured 1.66 ms without, 4.26 ms with 2,600 fresh orders). Vacuum the
-- orders table after ~1,000 + 0.5% changed or inserted rows instead; such a vacuum only visits the
-- pages that are not all-visible yet. And always clean the indexes: by default a vacuum that finds
-- dead rows on fewer than 2% of the pages skips that step and leaves those pages not all-visible
-- (measured: 4,674 heap fetches for page 500 after ~1,500 order updates and a vacuum; 0 with it).
ALTER TABLE "orders" SET (
  autovacuum_vacuum_scale_factor = 0.005,
  autovacuum_vacuum_insert_scale_factor = 0.005,
  autovacuum_analyze_scale_factor = 0.02,
  vacuum_index_cleanup = on
);
