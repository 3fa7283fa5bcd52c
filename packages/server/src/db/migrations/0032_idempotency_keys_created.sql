-- Expired Idempotency-Keys found by their age (db/idempotency.repository.ts): every money request
-- stores its first answer (a 4 KB view) under its key, and nothing ever deleted one. The prune
-- every ten minutes reads the oldest through this index rather than the whole table.
--
-- Building it blocks money requests' writes of keys while it runs; on a large table build it
-- first with CREATE INDEX CONCURRENTLY and the same definition (docs/operations.md).
CREATE INDEX IF NOT EXISTS "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");
