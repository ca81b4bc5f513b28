CREATE TABLE `workflow_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`workflow_id` text NOT NULL,
	`outbox_id` text NOT NULL,
	`trigger` text NOT NULL,
	`user_id` text,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`error` text,
	`logs` text NOT NULL,
	`token_hash` text,
	`token_expires_at` integer,
	`created_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workflow_runs_project_idx` ON `workflow_runs` (`project_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `workflow_runs_outbox_idx` ON `workflow_runs` (`outbox_id`,`workflow_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `workflow_runs_token_idx` ON `workflow_runs` (`token_hash`);