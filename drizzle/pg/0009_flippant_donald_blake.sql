CREATE TABLE "profile_images" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"folder" text NOT NULL,
	"user_id" text,
	"team_id" text,
	"content_type" text NOT NULL,
	"data" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "signing_keys_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_keys" ADD COLUMN "retired_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "profile_images" ADD CONSTRAINT "profile_images_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_images" ADD CONSTRAINT "profile_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_images" ADD CONSTRAINT "profile_images_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_images_user_idx" ON "profile_images" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "profile_images_team_idx" ON "profile_images" USING btree ("team_id");