-- Expired emailed tokens and used captchas are now pruned with the other old rows (every ten
-- minutes, jobs/prune-old-rows.ts); these indexes find them. Both tables are small next to the
-- ledger, but each index blocks the table's writes while it builds; on a large table build it
-- first with CREATE INDEX CONCURRENTLY IF NOT EXISTS and the same definition (docs/operations.md).
CREATE INDEX IF NOT EXISTS "used_captchas_created_idx" ON "used_captchas" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_tokens_expires_idx" ON "user_tokens" USING btree ("expires_at");