-- Members' totals from indexes of their entries alone (ADR 0043, issue 15): the organization
-- snapshot behind the dashboard, the fund and requests views and the resync summed the
-- organization's ledger by member, and the caller's own entries, fetching each entry from
-- wherever the table holds it, a cost that grew with the organization's age. Totals stay read
-- from the ledger (domain.md, Money: never from a second counter); each index holds every
-- column its sum reads, so PostgreSQL answers from it where its visibility map allows.
--
-- Building them blocks the ledger's writes while it runs. On a large ledger build them
-- beforehand with CREATE INDEX CONCURRENTLY and the same definitions (docs/operations.md): then
-- this finds them and does nothing.
CREATE INDEX IF NOT EXISTS "ledger_entries_member_totals_idx" ON "ledger_entries" USING btree ("organization_id","user_id","account","amount_cents") WHERE user_id is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_entries_user_totals_idx" ON "ledger_entries" USING btree ("user_id","account","amount_cents") WHERE user_id is not null;
