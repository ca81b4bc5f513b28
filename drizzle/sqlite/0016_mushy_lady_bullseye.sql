CREATE TABLE `local_inbox_emails` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`outbox_id` text NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `local_inbox_emails_project_created_idx` ON `local_inbox_emails` (`project_id`,`created_at`);