/**
 * Every table, written once for both dialects and grouped by domain under tables/. This is the one
 * list of tables: the stores (`store.t`), drizzle-kit (drizzle-kit.*.cts), test dumps and snapshots
 * all take them from `defineTables`' result. Each table holding project data carries `project_id`,
 * and every query filters by it.
 *
 * A new table goes into its domain's `define…Tables` (and its returned object); a new domain is
 * added below, after the domains it references.
 */
import type { TableBuilders } from "./builders.js";
import { defineAiChatTables } from "./tables/ai-chat.js";
import { defineApiKeyTables } from "./tables/api-keys.js";
import { defineAuditTables } from "./tables/audit.js";
import { defineDataVaultTables } from "./tables/data-vault.js";
import { defineEmailTables } from "./tables/emails.js";
import { defineEmailDraftTables } from "./tables/email-drafts.js";
import { defineIdentityProviderTables } from "./tables/identity-provider.js";
import { defineInfrastructureTables } from "./tables/infrastructure.js";
import { defineOAuthTables } from "./tables/oauth.js";
import { definePaymentTables } from "./tables/payments.js";
import { defineProfileImageTables } from "./tables/profile-images.js";
import { defineProjectTables } from "./tables/projects.js";
import { defineSessionTables } from "./tables/sessions.js";
import { defineTeamTables } from "./tables/teams.js";
import { defineUserTables } from "./tables/users.js";
import { defineWebhookTables } from "./tables/webhooks.js";
import { defineWorkflowTables } from "./tables/workflows.js";

export type { ConfigOverride } from "./tables/projects.js";

export function defineTables(b: TableBuilders) {
  const projects = defineProjectTables(b);
  const users = defineUserTables(b, projects);
  const teams = defineTeamTables(b, { ...projects, ...users });
  const owners = { ...projects, ...users, ...teams };
  return {
    ...owners,
    ...defineSessionTables(b, owners),
    ...defineApiKeyTables(b, owners),
    ...definePaymentTables(b, owners),
    ...defineOAuthTables(b, owners),
    ...defineInfrastructureTables(b, projects),
    ...defineWebhookTables(b, projects),
    ...defineAuditTables(b, projects),
    ...defineDataVaultTables(b, projects),
    ...defineEmailTables(b, owners),
    ...defineEmailDraftTables(b, projects),
    ...defineProfileImageTables(b, owners),
    ...defineAiChatTables(b, projects),
    ...defineIdentityProviderTables(b, owners),
    ...defineWorkflowTables(b, projects),
  };
}

export type Tables = ReturnType<typeof defineTables>;
