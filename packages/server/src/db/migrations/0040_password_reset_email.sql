-- A reset asked for is an outbox row naming the address typed (ADR 0056), and an account's
-- deletion deletes the ones asking for its address: this index finds them without reading every
-- outbox row (mail rows are kept). Few rows carry the topic, so it builds at once.
CREATE INDEX IF NOT EXISTS "outbox_password_reset_email_idx" ON "outbox" USING btree (lower("payload"->>'email')) WHERE topic = 'password-reset';
