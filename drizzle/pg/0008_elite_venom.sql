CREATE TABLE "purchase_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"customer_type" text NOT NULL,
	"customer_id" text NOT NULL,
	"offer_id" text,
	"offer" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"stripe_session_id" text
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"customer_type" text NOT NULL,
	"customer_id" text NOT NULL,
	"user_id" text,
	"team_id" text,
	"offer_id" text,
	"offer" jsonb NOT NULL,
	"group_id" text,
	"price_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"test_mode" boolean NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"current_period_end" timestamp (3) with time zone,
	"cancel_at_period_end" boolean NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"next_grant_at" timestamp (3) with time zone,
	"repeat_state" jsonb NOT NULL,
	"stripe_subscription_id" text,
	"stripe_session_id" text
);
--> statement-breakpoint
CREATE TABLE "stripe_accounts" (
	"project_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"project_id" text NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "stripe_events_project_id_id_pk" PRIMARY KEY("project_id","id")
);
--> statement-breakpoint
CREATE TABLE "sent_emails" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"outbox_id" text NOT NULL,
	"user_id" text,
	"to" jsonb NOT NULL,
	"subject" text NOT NULL,
	"notification_category" text,
	"status" text NOT NULL,
	"error" jsonb,
	"sender_config" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"project_id" text NOT NULL,
	"user_id" text NOT NULL,
	"category_id" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "notification_preferences_user_id_category_id_pk" PRIMARY KEY("user_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "email_drafts" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"display_name" text NOT NULL,
	"tsx_source" text NOT NULL,
	"theme_id" text,
	"no_theme" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_quantity_changes" ADD COLUMN "purchase_id" text;--> statement-breakpoint
ALTER TABLE "item_quantity_changes" ADD COLUMN "grant_expiry" text;--> statement-breakpoint
ALTER TABLE "item_quantity_changes" ADD COLUMN "grant_key" text;--> statement-breakpoint
ALTER TABLE "oauth_flows" ADD COLUMN "browser_binding_hash" text;--> statement-breakpoint
ALTER TABLE "oauth_flows" ADD COLUMN "nonce" text;--> statement-breakpoint
ALTER TABLE "purchase_codes" ADD CONSTRAINT "purchase_codes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_accounts" ADD CONSTRAINT "stripe_accounts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD CONSTRAINT "stripe_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_emails" ADD CONSTRAINT "sent_emails_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_drafts" ADD CONSTRAINT "email_drafts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_codes_hash_idx" ON "purchase_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "purchase_codes_project_idx" ON "purchase_codes" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "purchases_customer_idx" ON "purchases" USING btree ("project_id","customer_type","customer_id");--> statement-breakpoint
CREATE INDEX "purchases_due_idx" ON "purchases" USING btree ("project_id","customer_type","customer_id","next_grant_at");--> statement-breakpoint
CREATE INDEX "purchases_created_idx" ON "purchases" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_stripe_subscription_idx" ON "purchases" USING btree ("stripe_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_stripe_session_idx" ON "purchases" USING btree ("stripe_session_id");--> statement-breakpoint
CREATE INDEX "purchases_user_idx" ON "purchases" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "purchases_team_idx" ON "purchases" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "sent_emails_project_created_idx" ON "sent_emails" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "sent_emails_outbox_idx" ON "sent_emails" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "notification_preferences_project_idx" ON "notification_preferences" USING btree ("project_id","category_id");--> statement-breakpoint
CREATE INDEX "email_drafts_project_idx" ON "email_drafts" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "item_quantity_changes_grant_key_idx" ON "item_quantity_changes" USING btree ("grant_key");--> statement-breakpoint
CREATE INDEX "item_quantity_changes_purchase_idx" ON "item_quantity_changes" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "item_quantity_changes_created_idx" ON "item_quantity_changes" USING btree ("project_id","created_at","id");