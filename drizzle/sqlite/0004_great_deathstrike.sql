CREATE TABLE `oauth_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`user_id` text NOT NULL,
	`provider_config_id` text NOT NULL,
	`provider_account_id` text NOT NULL,
	`email` text,
	`allow_sign_in` integer NOT NULL,
	`allow_connected_accounts` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `oauth_accounts_sign_in_idx` ON `oauth_accounts` (`project_id`,`provider_config_id`,`provider_account_id`) WHERE "oauth_accounts"."allow_sign_in";--> statement-breakpoint
CREATE UNIQUE INDEX `oauth_accounts_user_sign_in_idx` ON `oauth_accounts` (`user_id`,`provider_config_id`) WHERE "oauth_accounts"."allow_sign_in";--> statement-breakpoint
CREATE UNIQUE INDEX `oauth_accounts_user_account_idx` ON `oauth_accounts` (`user_id`,`provider_config_id`,`provider_account_id`);--> statement-breakpoint
CREATE INDEX `oauth_accounts_user_idx` ON `oauth_accounts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `oauth_accounts_account_idx` ON `oauth_accounts` (`project_id`,`provider_config_id`,`provider_account_id`);--> statement-breakpoint
CREATE TABLE `oauth_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`oauth_account_id` text NOT NULL,
	`kind` text NOT NULL,
	`token` text NOT NULL,
	`scopes` text NOT NULL,
	`expires_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`oauth_account_id`) REFERENCES `oauth_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `oauth_tokens_account_idx` ON `oauth_tokens` (`oauth_account_id`,`kind`,`created_at`);--> statement-breakpoint
CREATE TABLE `oauth_flows` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`state_hash` text NOT NULL,
	`provider_config_id` text NOT NULL,
	`kind` text NOT NULL,
	`user_id` text,
	`redirect_uri` text NOT NULL,
	`outer_state` text NOT NULL,
	`code_challenge` text NOT NULL,
	`after_callback_redirect_url` text,
	`error_redirect_url` text,
	`provider_scope` text,
	`provider_code_verifier` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `oauth_flows_state_idx` ON `oauth_flows` (`state_hash`);--> statement-breakpoint
CREATE INDEX `oauth_flows_expiry_idx` ON `oauth_flows` (`expires_at`);