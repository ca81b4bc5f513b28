CREATE TABLE "local_inbox_emails" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"outbox_id" text NOT NULL,
	"to" jsonb NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "local_inbox_emails" ADD CONSTRAINT "local_inbox_emails_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_inbox_emails_project_created_idx" ON "local_inbox_emails" USING btree ("project_id","created_at");