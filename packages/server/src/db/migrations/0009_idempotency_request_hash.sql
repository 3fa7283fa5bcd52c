-- Keys become unique across users: another user's use of a key is refused instead of carried
-- out beside it. Of a key two users happened to share before, the first use is kept.
DELETE FROM "idempotency_keys" AS "later" USING "idempotency_keys" AS "earlier"
WHERE "later"."key" = "earlier"."key"
  AND ("later"."created_at", "later"."user_id") > ("earlier"."created_at", "earlier"."user_id");--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_user_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD PRIMARY KEY ("key");--> statement-breakpoint
-- Null on rows stored before: those still replay by user and route, as they did.
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text;
