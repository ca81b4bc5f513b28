CREATE TABLE `webhook_endpoints` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`url` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`event_types` text,
	`enabled` integer DEFAULT true NOT NULL,
	`secret_sealed` text NOT NULL,
	`previous_secret_sealed` text,
	`previous_secret_expires_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_endpoints_project_idx` ON `webhook_endpoints` (`project_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`endpoint_id` text NOT NULL,
	`message_id` text NOT NULL,
	`event_type` text NOT NULL,
	`object_key` text NOT NULL,
	`sequence` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_endpoint_idx` ON `webhook_deliveries` (`endpoint_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_object_idx` ON `webhook_deliveries` (`endpoint_id`,`object_key`,`sequence`);--> statement-breakpoint
CREATE TABLE `webhook_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`delivery_id` text NOT NULL,
	`attempted_at` integer NOT NULL,
	`response_status` integer,
	`error` text,
	`duration_ms` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`delivery_id`) REFERENCES `webhook_deliveries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_attempts_delivery_idx` ON `webhook_attempts` (`delivery_id`,`attempted_at`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`sequence` text NOT NULL,
	`event` text NOT NULL,
	`actor_type` text,
	`actor_user_id` text,
	`object_key` text,
	`payload` text NOT NULL,
	`occurred_at` integer NOT NULL,
	`seq` integer,
	`prev_hash` text,
	`hash` text,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `audit_log_seq_idx` ON `audit_log` (`project_id`,`seq`);--> statement-breakpoint
CREATE INDEX `audit_log_unsealed_idx` ON `audit_log` (`project_id`,`hash`,`sequence`);--> statement-breakpoint
CREATE INDEX `audit_log_event_idx` ON `audit_log` (`project_id`,`event`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `audit_log_time_idx` ON `audit_log` (`project_id`,`occurred_at`);--> statement-breakpoint
CREATE TABLE `data_vault_entries` (
	`project_id` text NOT NULL,
	`store_id` text NOT NULL,
	`key_digest` text NOT NULL,
	`value_sealed` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `store_id`, `key_digest`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
