-- A payout's PayPal part paid by an earlier attempt, found by its key (payments/pay-out.ts):
-- an attempt whose account part failed now keeps the PayPal part's reference, and the next attempt
-- pays the account only rather than asking PayPal again (PayPal forgets a sender_batch_id after 30
-- days). Only split payouts have a PayPal reference, so the index stays small.
CREATE INDEX IF NOT EXISTS "payment_operations_paypal_part_idx" ON "payment_operations" USING btree ((request->'paypal'->>'key')) WHERE paypal_ref IS NOT NULL;
