CREATE TABLE "payment_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_method" text,
	"billing_address" jsonb,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_preferences" ADD CONSTRAINT "payment_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;