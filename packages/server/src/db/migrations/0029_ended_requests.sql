-- Ended requests at rest leave their organization's state for this table (ADR 0042, issue 15):
-- a state kept every request ever, read by every request command and by the snapshot behind the
-- requests view, the dashboard and the resync. Expand only (ADR 0027): nothing moves here; a
-- state lets its old requests go at its organization's next request command, and an instance
-- of the release before still reads and writes the state as it is.
CREATE TABLE "ended_requests" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"people" text[] NOT NULL,
	"request" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ended_requests" ADD CONSTRAINT "ended_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ended_requests_organization_idx" ON "ended_requests" USING btree ("organization_id","ended_at");--> statement-breakpoint
CREATE INDEX "ended_requests_people_idx" ON "ended_requests" USING gin ("people");