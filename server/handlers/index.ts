/** One handler per procedure of the contract: each file's map, checked against its procedures. */
import type { Contract } from "../../contract/index.js";
import type { HandlerMap } from "../http/handler.js";
import { aiChatHandlers } from "./ai-chat.js";
import { apiKeyHandlers } from "./api-keys.js";
import { auditHandlers } from "./audit.js";
import { cliAuthHandlers } from "./cli-auth.js";
import { configHandlers } from "./config.js";
import { contactChannelHandlers } from "./contact-channels.js";
import { dataVaultHandlers } from "./data-vault.js";
import { internalApiKeyHandlers } from "./internal-api-keys.js";
import { itemHandlers } from "./items.js";
import { paymentHandlers } from "./payments.js";
import { paymentAdminHandlers } from "./payments-admin.js";
import { miscHandlers } from "./misc.js";
import { oauthHandlers } from "./oauth.js";
import { otpMfaHandlers } from "./otp-mfa.js";
import { passkeyHandlers } from "./passkeys.js";
import { passwordHandlers } from "./password.js";
import { permissionHandlers } from "./permissions.js";
import { projectMetricsHandlers } from "./project-metrics.js";
import { projectHandlers } from "./projects.js";
import { impersonationHandlers } from "./impersonation.js";
import { sessionHandlers } from "./sessions.js";
import { signingKeyHandlers } from "./signing-keys.js";
import { teamInvitationHandlers } from "./team-invitations.js";
import { teamMemberRoleHandlers } from "./team-member-roles.js";
import { teamHandlers } from "./teams.js";
import { userHandlers } from "./users.js";
import { emailHandlers } from "./emails.js";
import { emailTemplateHandlers } from "./email-templates.js";
import { webhookHandlers } from "./webhooks.js";
import { identityProviderHandlers } from "./identity-provider.js";
import { workflowHandlers } from "./workflows.js";

export const handlers = {
  ...miscHandlers,
  ...projectHandlers,
  ...configHandlers,
  ...internalApiKeyHandlers,
  ...sessionHandlers,
  ...impersonationHandlers,
  ...signingKeyHandlers,
  ...passwordHandlers,
  ...userHandlers,
  ...contactChannelHandlers,
  ...otpMfaHandlers,
  ...teamHandlers,
  ...teamInvitationHandlers,
  ...permissionHandlers,
  ...teamMemberRoleHandlers,
  ...apiKeyHandlers,
  ...cliAuthHandlers,
  ...passkeyHandlers,
  ...itemHandlers,
  ...paymentHandlers,
  ...paymentAdminHandlers,
  ...emailHandlers,
  ...emailTemplateHandlers,
  ...webhookHandlers,
  ...identityProviderHandlers,
  ...auditHandlers,
  ...dataVaultHandlers,
  ...oauthHandlers,
  ...projectMetricsHandlers,
  ...aiChatHandlers,
  ...workflowHandlers,
} satisfies HandlerMap<Contract>;
