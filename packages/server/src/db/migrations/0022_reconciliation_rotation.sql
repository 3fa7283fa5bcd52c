-- Reconciliation in rotation (ADR 0030): each run compares a bounded number of operations,
-- those never compared (or whose money moved since) first, then the longest ago; the provider
-- is not read for every operation ever made every hour. A payout split between PayPal and a
-- connected account keeps its PayPal part's reference, to be read back. Expand only (ADR 0027).
ALTER TABLE "payment_operations" ADD COLUMN "paypal_ref" text;--> statement-breakpoint
ALTER TABLE "payment_operations" ADD COLUMN "reconciled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_operations_reconcile_due_idx" ON "payment_operations" USING btree ("reconciled_at" NULLS FIRST,"created_at","id") WHERE status = 'succeeded' AND reconcilable AND provider_ref IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_operations_charge_contribution_idx" ON "payment_operations" USING btree ((request->>'contributionId')) WHERE kind = 'charge';--> statement-breakpoint
CREATE INDEX "payment_operations_completed_idx" ON "payment_operations" USING btree ("completed_at") WHERE kind <> 'charge';