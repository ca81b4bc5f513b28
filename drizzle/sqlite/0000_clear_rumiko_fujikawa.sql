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
CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`type` text NOT NULL,
	`user_id` text,
	`team_id` text,
	`description` text NOT NULL,
	`is_public` integer DEFAULT false NOT NULL,
	`value_hash` text NOT NULL,
	`last_four` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_value_idx` ON `api_keys` (`value_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_user_idx` ON `api_keys` (`project_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `api_keys_team_idx` ON `api_keys` (`project_id`,`team_id`);--> statement-breakpoint
CREATE TABLE `contact_channels` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`value` text NOT NULL,
	`is_verified` integer DEFAULT false NOT NULL,
	`is_primary` integer DEFAULT false NOT NULL,
	`used_for_auth` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contact_channels_auth_value_idx` ON `contact_channels` (`project_id`,`type`,`value`) WHERE "contact_channels"."used_for_auth";--> statement-breakpoint
CREATE UNIQUE INDEX `contact_channels_user_value_idx` ON `contact_channels` (`user_id`,`type`,`value`);--> statement-breakpoint
CREATE UNIQUE INDEX `contact_channels_user_primary_idx` ON `contact_channels` (`user_id`,`type`) WHERE "contact_channels"."is_primary";--> statement-breakpoint
CREATE INDEX `contact_channels_project_value_idx` ON `contact_channels` (`project_id`,`value`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`kind` text NOT NULL,
	`summary` text NOT NULL,
	`payload` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`locked_until` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`done_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `outbox_due_idx` ON `outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `outbox_project_idx` ON `outbox` (`project_id`,`kind`,`created_at`);--> statement-breakpoint
CREATE TABLE `project_permissions` (
	`project_id` text NOT NULL,
	`user_id` text NOT NULL,
	`permission_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `permission_id`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `project_permissions_project_idx` ON `project_permissions` (`project_id`,`permission_id`);--> statement-breakpoint
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
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`user_id` text NOT NULL,
	`refresh_token_hash` text NOT NULL,
	`is_impersonation` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`last_used_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_refresh_token_idx` ON `sessions` (`refresh_token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `signing_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`public_jwk` text NOT NULL,
	`private_key` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `signing_keys_project_idx` ON `signing_keys` (`project_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `team_members` (
	`project_id` text NOT NULL,
	`team_id` text NOT NULL,
	`user_id` text NOT NULL,
	`display_name` text,
	`profile_image_url` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`team_id`, `user_id`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `team_members_user_idx` ON `team_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `team_permissions` (
	`project_id` text NOT NULL,
	`team_id` text NOT NULL,
	`user_id` text NOT NULL,
	`permission_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`team_id`, `user_id`, `permission_id`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`,`user_id`) REFERENCES `team_members`(`team_id`,`user_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `team_permissions_project_idx` ON `team_permissions` (`project_id`,`permission_id`);--> statement-breakpoint
CREATE TABLE `teams` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`display_name` text NOT NULL,
	`profile_image_url` text,
	`client_metadata` text,
	`client_read_only_metadata` text,
	`server_metadata` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `teams_project_idx` ON `teams` (`project_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`display_name` text,
	`profile_image_url` text,
	`client_metadata` text,
	`client_read_only_metadata` text,
	`server_metadata` text,
	`is_anonymous` integer DEFAULT false NOT NULL,
	`password_hash` text,
	`otp_auth_enabled` integer DEFAULT false NOT NULL,
	`totp_secret` text,
	`selected_team_id` text,
	`signed_up_at` integer NOT NULL,
	`last_active_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `users_project_signed_up_idx` ON `users` (`project_id`,`signed_up_at`,`id`);--> statement-breakpoint
CREATE TABLE `verification_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`purpose` text NOT NULL,
	`code_hash` text NOT NULL,
	`nonce_hash` text,
	`user_id` text,
	`team_id` text,
	`data` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `verification_codes_code_idx` ON `verification_codes` (`code_hash`);--> statement-breakpoint
CREATE INDEX `verification_codes_nonce_idx` ON `verification_codes` (`nonce_hash`);--> statement-breakpoint
CREATE INDEX `verification_codes_expiry_idx` ON `verification_codes` (`expires_at`);--> statement-breakpoint
CREATE INDEX `verification_codes_team_idx` ON `verification_codes` (`team_id`,`purpose`);