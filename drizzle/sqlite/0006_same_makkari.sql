CREATE TABLE `user_activity_days` (
	`project_id` text NOT NULL,
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_activity_days_project_day_idx` ON `user_activity_days` (`project_id`,`day`);--> statement-breakpoint
CREATE INDEX `users_project_last_active_idx` ON `users` (`project_id`,`last_active_at`);