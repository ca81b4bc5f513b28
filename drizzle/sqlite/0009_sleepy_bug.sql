CREATE TABLE `profile_images` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`folder` text NOT NULL,
	`user_id` text,
	`team_id` text,
	`content_type` text NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `profile_images_user_idx` ON `profile_images` (`user_id`);--> statement-breakpoint
CREATE INDEX `profile_images_team_idx` ON `profile_images` (`team_id`);--> statement-breakpoint
ALTER TABLE `projects` ADD `signing_keys_version` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `signing_keys` ADD `retired_at` integer;