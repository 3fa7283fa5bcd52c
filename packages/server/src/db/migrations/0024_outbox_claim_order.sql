-- The outbox worker claims pending rows in the order they were written (ORDER BY id). With only
-- outbox_pending_idx (by available_at) PostgreSQL chose to walk the primary key in id order and
-- filter, reading every processed row ever written (they are kept: the mail tracking page reads
-- them): 12-29 ms a claim over 13,000 of them in bench:http, one claim after every socket event.
-- Pending rows in id order are this index's whole content, so a claim reads only them.
CREATE INDEX "outbox_claim_idx" ON "outbox" USING btree ("id") WHERE processed_at is null;
