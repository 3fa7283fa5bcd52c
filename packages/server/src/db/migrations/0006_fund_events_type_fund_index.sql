DROP INDEX "fund_events_type_idx";--> statement-breakpoint
CREATE INDEX "fund_events_type_fund_idx" ON "fund_events" USING btree ("type","fund_id","id");