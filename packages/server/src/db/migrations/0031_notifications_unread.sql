-- A member's unread notifications by their own index (ADR 0044, issue 15): the alerts list and
-- the socket's resync (every reconnect) counted them through the member's index of all their
-- notifications, reading each from the table to see whether it was read: a cost that grew with
-- every notification the member ever had. This index holds only the unread ones.
--
-- Building it blocks writes of notifications while it runs; on a large table build it first
-- with CREATE INDEX CONCURRENTLY and the same definition (docs/operations.md).
CREATE INDEX IF NOT EXISTS "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE read_at is null;
