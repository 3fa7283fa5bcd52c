CREATE TABLE "api_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"status" integer NOT NULL,
	"duration_ms" double precision NOT NULL,
	"user_id" uuid,
	"request_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"key" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_key_language_pk" PRIMARY KEY("key","language")
);
--> statement-breakpoint
CREATE INDEX "api_requests_at_idx" ON "api_requests" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "api_requests_route_at_idx" ON "api_requests" USING btree ("route","at");--> statement-breakpoint
CREATE INDEX "api_requests_user_at_idx" ON "api_requests" USING btree ("user_id","at") WHERE user_id is not null;--> statement-breakpoint
CREATE INDEX "mail_messages_created_idx" ON "mail_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_mail_id_idx" ON "outbox" USING btree (("payload"->>'mailId')) WHERE topic = 'mail';