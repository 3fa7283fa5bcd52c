-- A member's own funding requests in every family they were in (ADR 0057): an owner expelled
-- with a payout still owed finds it from outside. One row per request carries the creation, so
-- the index is as small as the requests; it builds in a moment on any family's history.
CREATE INDEX IF NOT EXISTS "request_events_owner_idx" ON "request_events" USING btree (("payload"->'request'->>'ownerId')) WHERE type = 'RequestCreated';
