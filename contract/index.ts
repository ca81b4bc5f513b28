/**
 * The whole API: every procedure by name. The REST routes, the tRPC router, openapi.json and the
 * SDK types are all derived from this object.
 */
import "./validation-messages.js";
import { aiChatProcedures } from "./ai-chat.js";
import { configProcedures } from "./config.js";
import { contactChannelProcedures } from "./contact-channels.js";
import { dataVaultProcedures } from "./data-vault.js";
import { internalApiKeyProcedures } from "./internal-api-keys.js";
import { apiKeyProcedures } from "./api-keys.js";
import { auditProcedures } from "./audit.js";
import { cliAuthProcedures } from "./cli-auth.js";
import { identityProviderProcedures } from "./identity-provider.js";
import { itemProcedures } from "./items.js";
import { paymentProcedures } from "./payments.js";
import { paymentAdminProcedures } from "./payments-admin.js";
import { miscProcedures } from "./misc.js";
import { oauthProcedures } from "./oauth.js";
import { otpMfaProcedures } from "./otp-mfa.js";
import { passkeyProcedures } from "./passkeys.js";
import { passwordProcedures } from "./password.js";
import { permissionProcedures } from "./permissions.js";
import { projectMetricsProcedures } from "./project-metrics.js";
import { projectProcedures } from "./projects.js";
import { impersonationProcedures } from "./impersonation.js";
import { sessionProcedures } from "./sessions.js";
import { signingKeyProcedures } from "./signing-keys.js";
import { teamInvitationProcedures } from "./team-invitations.js";
import { teamMemberRoleProcedures } from "./team-member-roles.js";
import { teamProcedures } from "./teams.js";
import { userProcedures } from "./users.js";
import { emailProcedures } from "./emails.js";
import { emailTemplateProcedures } from "./email-templates.js";
import { webhookProcedures } from "./webhooks.js";
import { workflowProcedures } from "./workflows.js";

export const contract = {
  ...miscProcedures,
  ...projectProcedures,
  ...configProcedures,
  ...internalApiKeyProcedures,
  ...sessionProcedures,
  ...impersonationProcedures,
  ...signingKeyProcedures,
  ...passwordProcedures,
  ...userProcedures,
  ...contactChannelProcedures,
  ...otpMfaProcedures,
  ...teamProcedures,
  ...teamInvitationProcedures,
  ...permissionProcedures,
  ...teamMemberRoleProcedures,
  ...apiKeyProcedures,
  ...cliAuthProcedures,
  ...passkeyProcedures,
  ...itemProcedures,
  ...paymentProcedures,
  ...paymentAdminProcedures,
  ...oauthProcedures,
  ...emailProcedures,
  ...emailTemplateProcedures,
  ...webhookProcedures,
  ...auditProcedures,
  ...dataVaultProcedures,
  ...projectMetricsProcedures,
  ...aiChatProcedures,
  ...identityProviderProcedures,
  ...workflowProcedures,
} as const;

export type Contract = typeof contract;
export type ProcedureName = keyof Contract;
