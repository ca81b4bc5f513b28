CREATE TABLE `item_quantity_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`customer_type` text NOT NULL,
	`customer_id` text NOT NULL,
	`user_id` text,
	`team_id` text,
	`item_id` text NOT NULL,
	`delta` integer NOT NULL,
	`description` text,
	`created_at` integer NOT NULL,
	`expires_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `item_quantity_changes_customer_idx` ON `item_quantity_changes` (`project_id`,`customer_type`,`customer_id`,`item_id`);--> statement-breakpoint
CREATE INDEX `item_quantity_changes_user_idx` ON `item_quantity_changes` (`user_id`);--> statement-breakpoint
CREATE INDEX `item_quantity_changes_team_idx` ON `item_quantity_changes` (`team_id`);