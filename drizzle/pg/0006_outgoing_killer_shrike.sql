CREATE TABLE "user_activity_days" (
	"project_id" text NOT NULL,
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	CONSTRAINT "user_activity_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "user_activity_days" ADD CONSTRAINT "user_activity_days_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activity_days" ADD CONSTRAINT "user_activity_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_activity_days_project_day_idx" ON "user_activity_days" USING btree ("project_id","day");--> statement-breakpoint
CREATE INDEX "users_project_last_active_idx" ON "users" USING btree ("project_id","last_active_at");