-- The rate limits' counters, shared by every instance on the database (ADR 0049): until now
-- each instance counted in its own memory, so N instances let N times the attempts through.
-- A new table: instances of the release before go on counting in memory beside it.
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_resets_idx" ON "rate_limit_hits" USING btree ("resets_at");