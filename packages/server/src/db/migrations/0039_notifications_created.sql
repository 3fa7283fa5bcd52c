-- Notifications older than 180 days are now pruned with the other old rows (every ten minutes,
-- jobs/prune-old-rows.ts): the alerts list shows a member's newest 50, so the rest were kept for
-- nobody. This index finds them. The table grows with every fund command's notices; on a large
-- one build the index first with CREATE INDEX CONCURRENTLY IF NOT EXISTS and the same definition
-- (docs/operations.md), as each index blocks the table's writes while it builds.
CREATE INDEX IF NOT EXISTS "notifications_created_idx" ON "notifications" USING btree ("created_at");
