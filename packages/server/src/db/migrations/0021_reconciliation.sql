-- Issue 17 (ADR 0030): reconciliation compares the ledger with the payment providers, object by
-- object. The sandbox provider gains a book of the money it moved (captures, refunds, payouts),
-- as a real provider keeps one; each run's findings go to `reconciliations`.
-- Operations already recorded were booked under the earlier rules (PayPal money in a round's
-- escrow), which reconciliation does not read: they are added as not reconcilable, and only
-- then does the column's default become true for every operation recorded from here on.
CREATE TABLE "sandbox_movements" (
	"ref" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"charge_ref" text,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"provider" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"checked" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"in_flight" integer DEFAULT 0 NOT NULL,
	"differences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "payment_operations" ADD COLUMN "reconcilable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_operations" ALTER COLUMN "reconcilable" SET DEFAULT true;--> statement-breakpoint
CREATE INDEX "sandbox_movements_charge_idx" ON "sandbox_movements" USING btree ("charge_ref");