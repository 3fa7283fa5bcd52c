-- Whether a passkey's authenticator verifies who holds it (stop 75): Account shows a passkey that
-- signs in no more (a sign-in came without it, refused since stop 73) as such, with what to do.
-- Null for every passkey already stored: nobody knows until it is used. No default, no rewrite.
ALTER TABLE "passkeys" ADD COLUMN IF NOT EXISTS "user_verified" boolean;
