CREATE TABLE "member_debts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"debtor_id" uuid NOT NULL,
	"creditor_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"repayment_declared_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"settled_by" text,
	"settlement_id" uuid
);
--> statement-breakpoint
ALTER TABLE "member_debts" ADD CONSTRAINT "member_debts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_debts" ADD CONSTRAINT "member_debts_debtor_id_users_id_fk" FOREIGN KEY ("debtor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_debts" ADD CONSTRAINT "member_debts_creditor_id_users_id_fk" FOREIGN KEY ("creditor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_debts_debtor_idx" ON "member_debts" USING btree ("debtor_id");--> statement-breakpoint
CREATE INDEX "member_debts_creditor_idx" ON "member_debts" USING btree ("creditor_id");