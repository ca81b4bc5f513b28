CREATE TABLE `api_key_sets` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`description` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`publishable_client_key_hash` text,
	`publishable_client_key_last_four` text,
	`secret_server_key_hash` text,
	`secret_server_key_last_four` text,
	`super_secret_admin_key_hash` text,
	`super_secret_admin_key_last_four` text,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `api_key_sets_project_idx` ON `api_key_sets` (`project_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `api_key_sets_publishable_hash_idx` ON `api_key_sets` (`publishable_client_key_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `api_key_sets_secret_hash_idx` ON `api_key_sets` (`secret_server_key_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `api_key_sets_admin_hash_idx` ON `api_key_sets` (`super_secret_admin_key_hash`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` text PRIMARY KEY NOT NULL,
	`display_name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`logo_url` text,
	`full_logo_url` text,
	`is_production_mode` integer DEFAULT false NOT NULL,
	`owner_team_id` text,
	`config_override` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
