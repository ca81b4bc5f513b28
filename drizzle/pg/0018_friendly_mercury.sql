CREATE TABLE "workflow_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"workflow_id" text NOT NULL,
	"outbox_id" text NOT NULL,
	"trigger" text NOT NULL,
	"user_id" text,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"logs" jsonb NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_runs_project_idx" ON "workflow_runs" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_runs_outbox_idx" ON "workflow_runs" USING btree ("outbox_id","workflow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_runs_token_idx" ON "workflow_runs" USING btree ("token_hash");