-- Found by content_fuzz (content-nul-in-slug.db is the fuzzer's input).
-- Text with a NUL byte passes the schema's slug CHECKs (GLOB stops at the
-- NUL), integrity_check says ok, and load_content_version accepts it: the
-- slug is then listed by all_paths() (so export/publish) and, with the NUL
-- dropped by xml_escape, in the sitemap/feed as ".../micro-rless": neither
-- path can be served (the request parser and the router refuse NUL; the
-- NUL-less one names no page), so both answer 404.
-- Reproduce:
--   sqlite3 -bail /tmp/nul.db ".read data/schema.sql" ".read data/content.sql" \
--     ".read tests/fuzz/crashes/content-nul-in-slug.sql"
--   build/fuzz/tests/fuzz/content_fuzz /tmp/nul.db   (with the KNOWN exemption removed)
UPDATE publication SET slug = CAST(x'6d6963726f2d00726c657373' AS TEXT) WHERE id = 5;  -- 'micro-\0rless'
UPDATE post SET slug = CAST(x'6c696e656172002d78' AS TEXT);                            -- 'linear\0-x'
