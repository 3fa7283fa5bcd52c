-- Issue 17 (ADR 0030): captured money is booked where it is, on the platform's balance at the
-- provider that took it: `provider-held:card` and `provider-held:paypal`. Until now a fund's
-- PayPal contributions waited in their round's escrow account. A round's escrow never rests
-- with card money (captured and paid out in one transaction), so whatever a round's escrow
-- still holds is PayPal money on the platform's PayPal balance: it moves there once, one
-- transaction per account, keyed so it can never be booked twice.
-- The admin statistics count money held at a provider for members with what is in escrow, so
-- that moved = paid out + fees + held still adds up (this function is 0007's, with one more
-- account kind); the statement triggers read it from here on, the moves below included.
CREATE OR REPLACE FUNCTION insight_ledger_metrics(e ledger_entries)
RETURNS TABLE (name text, label text, day date, value bigint) LANGUAGE sql STABLE AS $$
  SELECT m.name, '', (t.created_at AT TIME ZONE 'UTC')::date, m.value
  FROM ledger_transactions t,
    LATERAL (VALUES
      ('ledger.moved', CASE WHEN e.account LIKE 'funding:%' OR e.account LIKE 'refunds:%' THEN -e.amount_cents END),
      ('ledger.paid-out', CASE WHEN e.account LIKE 'payout:%' THEN e.amount_cents END),
      ('ledger.fees', CASE WHEN e.account = 'platform:fees' THEN e.amount_cents END),
      ('ledger.refunded', CASE WHEN e.account LIKE 'refunds:%' THEN e.amount_cents END),
      ('ledger.escrow', CASE WHEN e.account LIKE 'round-escrow:%' OR e.account LIKE 'request-escrow:%'
        OR e.account LIKE 'provider-held:%' THEN e.amount_cents END)) m(name, value)
  WHERE t.id = e.transaction_id AND m.value <> 0
$$;
--> statement-breakpoint
INSERT INTO "ledger_transactions" ("organization_id", "kind", "idempotency_key")
SELECT "organization_id", 'provider-held-opening', 'provider-held-opening:' || "account"
FROM "ledger_entries"
WHERE "account" LIKE 'round-escrow:%'
GROUP BY "organization_id", "account"
HAVING sum("amount_cents") <> 0
ON CONFLICT ("idempotency_key") DO NOTHING;
--> statement-breakpoint
INSERT INTO "ledger_entries" ("transaction_id", "organization_id", "account", "user_id", "amount_cents")
SELECT t."id", b."organization_id", x."account", NULL, x."amount"
FROM (
  SELECT "organization_id", "account", sum("amount_cents") AS "held"
  FROM "ledger_entries"
  WHERE "account" LIKE 'round-escrow:%'
  GROUP BY "organization_id", "account"
  HAVING sum("amount_cents") <> 0
) b
JOIN "ledger_transactions" t ON t."idempotency_key" = 'provider-held-opening:' || b."account"
CROSS JOIN LATERAL (VALUES (b."account", -b."held"), ('provider-held:paypal', b."held")) AS x("account", "amount")
WHERE NOT EXISTS (SELECT 1 FROM "ledger_entries" e WHERE e."transaction_id" = t."id");
