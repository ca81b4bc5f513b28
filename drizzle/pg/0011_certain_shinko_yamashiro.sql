CREATE TABLE "ai_chat_threads" (
	"project_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"message_count" integer NOT NULL,
	CONSTRAINT "ai_chat_threads_project_id_thread_id_pk" PRIMARY KEY("project_id","thread_id")
);
--> statement-breakpoint
ALTER TABLE "ai_chat_threads" ADD CONSTRAINT "ai_chat_threads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Threads saved to before their count was kept start with the count of their messages.
INSERT INTO "ai_chat_threads" ("project_id", "thread_id", "message_count") SELECT "project_id", "thread_id", count(*) FROM "ai_chat_messages" GROUP BY "project_id", "thread_id";
