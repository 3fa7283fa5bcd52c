-- The emails sent to an address, by that address: deleting an account erases what was mailed to
-- it (the address and the text, which names the member) and withdraws what was still waiting,
-- in the deletion's transaction, which holds the family's fund and requests meanwhile. Without
-- the index that was a scan of every email the platform ever sent.
--
-- Building it blocks writes of emails while it runs; on a large table build it first with
-- CREATE INDEX CONCURRENTLY and the same definition (docs/operations.md).
CREATE INDEX IF NOT EXISTS "mail_messages_to_address_idx" ON "mail_messages" USING btree ("to_address");
