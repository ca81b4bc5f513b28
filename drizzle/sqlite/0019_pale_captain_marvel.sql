ALTER TABLE `oauth_authorization_codes` ADD `grant_revoked_at` integer;--> statement-breakpoint
ALTER TABLE `oauth_authorization_codes` ADD `consent_id` text;--> statement-breakpoint
CREATE INDEX `oauth_codes_grant_idx` ON `oauth_authorization_codes` (`project_id`,`grant_id`);