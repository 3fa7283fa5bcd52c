CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"types" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quiet_from" integer,
	"quiet_to" integer,
	"time_zone" text DEFAULT 'Europe/Rome' NOT NULL,
	"weekly_summary" boolean DEFAULT false NOT NULL,
	"calendar_generation" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sent_reminders" (
	"user_id" uuid NOT NULL,
	"occasion" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sent_reminders_user_id_occasion_subject_pk" PRIMARY KEY("user_id","occasion","subject")
);
--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "next_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "reminders_through" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_reminders" ADD CONSTRAINT "sent_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funds_next_reminder_idx" ON "funds" USING btree ("next_reminder_at") WHERE next_reminder_at is not null;