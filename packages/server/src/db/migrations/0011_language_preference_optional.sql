ALTER TABLE "users" ALTER COLUMN "language_preference" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "language_preference" DROP NOT NULL;