import type { Contract } from "../../contract/index.js";
import type { HandlerMap } from "../http/handler.js";
import * as config from "./config.js";
import * as contactChannels from "./contact-channels.js";
import * as internalApiKeys from "./internal-api-keys.js";
import { apiKeyHandlers } from "./api-keys.js";
import { cliAuthHandlers } from "./cli-auth.js";
import { itemHandlers } from "./items.js";
import * as misc from "./misc.js";
import { otpMfaHandlers } from "./otp-mfa.js";
import { passkeyHandlers } from "./passkeys.js";
import * as password from "./password.js";
import { permissionHandlers } from "./permissions.js";
import * as projects from "./projects.js";
import * as sessions from "./sessions.js";
import { teamInvitationHandlers } from "./team-invitations.js";
import { teamHandlers } from "./teams.js";
import * as users from "./users.js";

/** One handler per procedure of the contract. */
export const handlers: HandlerMap<Contract> = {
  ...misc,
  ...projects,
  ...config,
  ...internalApiKeys,
  ...sessions,
  ...password,
  ...users,
  ...contactChannels,
  ...otpMfaHandlers,
  ...teamHandlers,
  ...teamInvitationHandlers,
  ...permissionHandlers,
  ...apiKeyHandlers,
  ...cliAuthHandlers,
  ...passkeyHandlers,
  ...itemHandlers,
};
