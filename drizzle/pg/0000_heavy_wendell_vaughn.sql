CREATE TABLE "api_key_sets" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"publishable_client_key_hash" text,
	"publishable_client_key_last_four" text,
	"secret_server_key_hash" text,
	"secret_server_key_last_four" text,
	"super_secret_admin_key_hash" text,
	"super_secret_admin_key_last_four" text
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo_url" text,
	"full_logo_url" text,
	"is_production_mode" boolean DEFAULT false NOT NULL,
	"owner_team_id" text,
	"config_override" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_key_sets" ADD CONSTRAINT "api_key_sets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_key_sets_project_idx" ON "api_key_sets" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_key_sets_publishable_hash_idx" ON "api_key_sets" USING btree ("publishable_client_key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "api_key_sets_secret_hash_idx" ON "api_key_sets" USING btree ("secret_server_key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "api_key_sets_admin_hash_idx" ON "api_key_sets" USING btree ("super_secret_admin_key_hash");