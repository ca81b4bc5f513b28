CREATE TABLE `audit_checkpoints` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`seq` integer NOT NULL,
	`hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`mac` text NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `audit_checkpoints_seq_idx` ON `audit_checkpoints` (`project_id`,`seq`);--> statement-breakpoint
ALTER TABLE `audit_log` ADD `row_mac` text;