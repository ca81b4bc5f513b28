DROP INDEX "user_activity_days_project_day_idx";--> statement-breakpoint
ALTER TABLE "user_activity_days" ADD COLUMN "is_anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "users_project_anonymous_signed_up_idx" ON "users" USING btree ("project_id","is_anonymous","signed_up_at");--> statement-breakpoint
CREATE INDEX "users_project_password_idx" ON "users" USING btree ("project_id","is_anonymous") WHERE "users"."password_hash" is not null;--> statement-breakpoint
CREATE INDEX "users_project_otp_idx" ON "users" USING btree ("project_id","is_anonymous") WHERE "users"."otp_auth_enabled";--> statement-breakpoint
CREATE INDEX "user_activity_days_project_day_idx" ON "user_activity_days" USING btree ("project_id","day","is_anonymous");