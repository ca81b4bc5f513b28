ALTER TABLE "oauth_authorization_codes" ADD COLUMN "grant_revoked_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "oauth_authorization_codes" ADD COLUMN "consent_id" text;--> statement-breakpoint
CREATE INDEX "oauth_codes_grant_idx" ON "oauth_authorization_codes" USING btree ("project_id","grant_id");