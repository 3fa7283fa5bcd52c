ALTER TABLE "tester_invites" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "fund_events_type_idx" ON "fund_events" USING btree ("type");--> statement-breakpoint
CREATE INDEX "invite_events_created_idx" ON "invite_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "invite_events_tester_idx" ON "invite_events" USING btree ("tester_invite_id") WHERE tester_invite_id is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_idx" ON "ledger_transactions" USING btree ("created_at");