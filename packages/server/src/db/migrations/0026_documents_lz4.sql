-- The JSON documents every command writes (a fund's or request's state, its events, the first
-- answer kept under an Idempotency-Key, the outbox's payload) are 2-5 KB, above PostgreSQL's
-- 2 KB threshold, so each is compressed as it is written. With the default pglz that was an
-- eighth of PostgreSQL's CPU in bench:http's contribution POST (perf, issue 15, stop 54); lz4
-- compresses them several times faster for about the same room. Values already written keep
-- pglz until they are next written; both read back alike.
--
-- PGlite is built without lz4: there the columns keep pglz, and nothing else differs.
DO $$
BEGIN
  ALTER TABLE "funds" ALTER COLUMN "state" SET COMPRESSION lz4;
  ALTER TABLE "fund_events" ALTER COLUMN "payload" SET COMPRESSION lz4;
  ALTER TABLE "request_states" ALTER COLUMN "state" SET COMPRESSION lz4;
  ALTER TABLE "request_events" ALTER COLUMN "payload" SET COMPRESSION lz4;
  ALTER TABLE "idempotency_keys" ALTER COLUMN "response" SET COMPRESSION lz4;
  ALTER TABLE "outbox" ALTER COLUMN "payload" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END
$$;
