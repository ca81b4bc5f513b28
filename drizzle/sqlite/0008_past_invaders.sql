CREATE TABLE `purchase_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`customer_type` text NOT NULL,
	`customer_id` text NOT NULL,
	`offer_id` text,
	`offer` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`stripe_session_id` text,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchase_codes_hash_idx` ON `purchase_codes` (`code_hash`);--> statement-breakpoint
CREATE INDEX `purchase_codes_project_idx` ON `purchase_codes` (`project_id`);--> statement-breakpoint
CREATE TABLE `purchases` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`customer_type` text NOT NULL,
	`customer_id` text NOT NULL,
	`user_id` text,
	`team_id` text,
	`offer_id` text,
	`offer` text NOT NULL,
	`group_id` text,
	`price_id` text NOT NULL,
	`quantity` integer NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`test_mode` integer NOT NULL,
	`created_at` integer NOT NULL,
	`started_at` integer NOT NULL,
	`current_period_end` integer,
	`cancel_at_period_end` integer NOT NULL,
	`ended_at` integer,
	`next_grant_at` integer,
	`repeat_state` text NOT NULL,
	`stripe_subscription_id` text,
	`stripe_session_id` text,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `purchases_customer_idx` ON `purchases` (`project_id`,`customer_type`,`customer_id`);--> statement-breakpoint
CREATE INDEX `purchases_due_idx` ON `purchases` (`project_id`,`customer_type`,`customer_id`,`next_grant_at`);--> statement-breakpoint
CREATE INDEX `purchases_created_idx` ON `purchases` (`project_id`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `purchases_stripe_subscription_idx` ON `purchases` (`stripe_subscription_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `purchases_stripe_session_idx` ON `purchases` (`stripe_session_id`);--> statement-breakpoint
CREATE INDEX `purchases_user_idx` ON `purchases` (`user_id`);--> statement-breakpoint
CREATE INDEX `purchases_team_idx` ON `purchases` (`team_id`);--> statement-breakpoint
CREATE TABLE `stripe_accounts` (
	`project_id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`project_id` text NOT NULL,
	`id` text NOT NULL,
	`type` text NOT NULL,
	`received_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `id`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sent_emails` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`outbox_id` text NOT NULL,
	`user_id` text,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`notification_category` text,
	`status` text NOT NULL,
	`error` text,
	`sender_config` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sent_emails_project_created_idx` ON `sent_emails` (`project_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sent_emails_outbox_idx` ON `sent_emails` (`outbox_id`);--> statement-breakpoint
CREATE TABLE `notification_preferences` (
	`project_id` text NOT NULL,
	`user_id` text NOT NULL,
	`category_id` text NOT NULL,
	`enabled` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `category_id`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_preferences_project_idx` ON `notification_preferences` (`project_id`,`category_id`);--> statement-breakpoint
CREATE TABLE `email_drafts` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`display_name` text NOT NULL,
	`tsx_source` text NOT NULL,
	`theme_id` text,
	`no_theme` integer DEFAULT false NOT NULL,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_drafts_project_idx` ON `email_drafts` (`project_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `item_quantity_changes` ADD `purchase_id` text;--> statement-breakpoint
ALTER TABLE `item_quantity_changes` ADD `grant_expiry` text;--> statement-breakpoint
ALTER TABLE `item_quantity_changes` ADD `grant_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `item_quantity_changes_grant_key_idx` ON `item_quantity_changes` (`grant_key`);--> statement-breakpoint
CREATE INDEX `item_quantity_changes_purchase_idx` ON `item_quantity_changes` (`purchase_id`);--> statement-breakpoint
CREATE INDEX `item_quantity_changes_created_idx` ON `item_quantity_changes` (`project_id`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `oauth_flows` ADD `browser_binding_hash` text;--> statement-breakpoint
ALTER TABLE `oauth_flows` ADD `nonce` text;