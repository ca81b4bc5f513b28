CREATE TABLE "item_quantity_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"customer_type" text NOT NULL,
	"customer_id" text NOT NULL,
	"user_id" text,
	"team_id" text,
	"item_id" text NOT NULL,
	"delta" bigint NOT NULL,
	"description" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "item_quantity_changes" ADD CONSTRAINT "item_quantity_changes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_quantity_changes" ADD CONSTRAINT "item_quantity_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_quantity_changes" ADD CONSTRAINT "item_quantity_changes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_quantity_changes_customer_idx" ON "item_quantity_changes" USING btree ("project_id","customer_type","customer_id","item_id");--> statement-breakpoint
CREATE INDEX "item_quantity_changes_user_idx" ON "item_quantity_changes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "item_quantity_changes_team_idx" ON "item_quantity_changes" USING btree ("team_id");