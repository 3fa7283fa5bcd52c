-- A family's totals take its repayments between members off its members' given and received
-- (stop 76, ADR 0058): the dashboard's snapshot finds those few transactions by this index
-- rather than joining every entry to its transaction. Small: only repayments are in it.
CREATE INDEX IF NOT EXISTS "ledger_transactions_repayments_idx" ON "ledger_transactions" USING btree ("organization_id") WHERE kind = 'member-debt-repaid';
