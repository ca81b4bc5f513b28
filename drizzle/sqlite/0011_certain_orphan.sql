CREATE TABLE `ai_chat_threads` (
	`project_id` text NOT NULL,
	`thread_id` text NOT NULL,
	`message_count` integer NOT NULL,
	PRIMARY KEY(`project_id`, `thread_id`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Threads saved to before their count was kept start with the count of their messages.
INSERT INTO `ai_chat_threads` (`project_id`, `thread_id`, `message_count`) SELECT `project_id`, `thread_id`, count(*) FROM `ai_chat_messages` GROUP BY `project_id`, `thread_id`;
