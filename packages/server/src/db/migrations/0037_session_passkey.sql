-- A session remembers the passkey that signed it in, so that removing the passkey ends the
-- sessions it opened (use-cases/passkeys.ts): a member who removes a passkey they do not
-- recognise signs its holder out. Expand only: the release before writes sessions without it
-- (null, as a password's), and its passkey sessions are not ended by a removal, as before. The
-- index blocks the sessions' writes while it builds; on a large table build it first with
-- CREATE INDEX CONCURRENTLY IF NOT EXISTS and the same definition (docs/operations.md).
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "passkey_id" uuid;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sessions_passkey_idx" ON "sessions" USING btree ("passkey_id");
