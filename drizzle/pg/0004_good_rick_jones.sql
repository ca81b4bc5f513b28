CREATE TABLE "oauth_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"user_id" text NOT NULL,
	"provider_config_id" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"email" text,
	"allow_sign_in" boolean NOT NULL,
	"allow_connected_accounts" boolean NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"oauth_account_id" text NOT NULL,
	"kind" text NOT NULL,
	"token" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_flows" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"state_hash" text NOT NULL,
	"provider_config_id" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"redirect_uri" text NOT NULL,
	"outer_state" text NOT NULL,
	"code_challenge" text NOT NULL,
	"after_callback_redirect_url" text,
	"error_redirect_url" text,
	"provider_scope" text,
	"provider_code_verifier" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "oauth_accounts" ADD CONSTRAINT "oauth_accounts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_accounts" ADD CONSTRAINT "oauth_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_oauth_account_id_oauth_accounts_id_fk" FOREIGN KEY ("oauth_account_id") REFERENCES "public"."oauth_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_flows" ADD CONSTRAINT "oauth_flows_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_flows" ADD CONSTRAINT "oauth_flows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_accounts_sign_in_idx" ON "oauth_accounts" USING btree ("project_id","provider_config_id","provider_account_id") WHERE "oauth_accounts"."allow_sign_in";--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_accounts_user_sign_in_idx" ON "oauth_accounts" USING btree ("user_id","provider_config_id") WHERE "oauth_accounts"."allow_sign_in";--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_accounts_user_account_idx" ON "oauth_accounts" USING btree ("user_id","provider_config_id","provider_account_id");--> statement-breakpoint
CREATE INDEX "oauth_accounts_user_idx" ON "oauth_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "oauth_accounts_account_idx" ON "oauth_accounts" USING btree ("project_id","provider_config_id","provider_account_id");--> statement-breakpoint
CREATE INDEX "oauth_tokens_account_idx" ON "oauth_tokens" USING btree ("oauth_account_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_flows_state_idx" ON "oauth_flows" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "oauth_flows_expiry_idx" ON "oauth_flows" USING btree ("expires_at");