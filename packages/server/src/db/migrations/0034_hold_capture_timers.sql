-- Card holds expire at the provider (Stripe: 7 days) before a late round or a funding request
-- captures them (ADR 0048): since this release each hold placed for a fund or a request gets a
-- timer that captures it early (payments/hold-capture.ts). The holds placed before it get theirs
-- here, due four days after they were placed: those already past it fire at once. The handler
-- asks the fund or request whether it still holds the money, so a hold long since paid out or
-- given back costs one look; one already expired fails its capture and is taken back, as a
-- declined card is, rather than failing its payout on every retry.
INSERT INTO "outbox" ("topic", "organization_id", "payload", "available_at", "created_at")
SELECT 'hold-capture', o.organization_id, jsonb_build_object('operationId', o.id),
  coalesce(o.completed_at, o.created_at) + interval '4 days', now()
FROM "payment_operations" o
WHERE o.kind = 'charge' AND o.status = 'succeeded' AND o.request->>'method' = 'card'
  AND o.request->'target'->>'type' IN ('fund', 'request')
  AND NOT EXISTS (
    SELECT 1 FROM "payment_operations" r
    WHERE r.kind = 'refund' AND r.subject = 'refund:' || (o.request->>'contributionId'));
