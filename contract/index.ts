/**
 * The whole API: every procedure by name. The REST routes, the tRPC router, openapi.json and the
 * SDK types are all derived from this object.
 */
import "./validation-messages.js";
import * as config from "./config.js";
import * as contactChannels from "./contact-channels.js";
import * as internalApiKeys from "./internal-api-keys.js";
import { apiKeyProcedures } from "./api-keys.js";
import { cliAuthProcedures } from "./cli-auth.js";
import { itemProcedures } from "./items.js";
import * as misc from "./misc.js";
import { otpMfaProcedures } from "./otp-mfa.js";
import { passkeyProcedures } from "./passkeys.js";
import * as password from "./password.js";
import { permissionProcedures } from "./permissions.js";
import * as projects from "./projects.js";
import * as sessions from "./sessions.js";
import { teamInvitationProcedures } from "./team-invitations.js";
import { teamProcedures } from "./teams.js";
import * as users from "./users.js";

export const contract = {
  apiRoot: misc.apiRoot,
  health: misc.health,
  checkFeatureSupport: misc.checkFeatureSupport,
  listOwnedProjects: projects.listOwnedProjects,
  createOwnedProject: projects.createOwnedProject,
  getCurrentProject: projects.getCurrentProject,
  getAdminProject: projects.getAdminProject,
  updateAdminProject: projects.updateAdminProject,
  deleteAdminProject: projects.deleteAdminProject,
  getConfig: config.getConfig,
  updateConfigOverride: config.updateConfigOverride,
  listInternalApiKeys: internalApiKeys.listInternalApiKeys,
  createInternalApiKey: internalApiKeys.createInternalApiKey,
  getInternalApiKey: internalApiKeys.getInternalApiKey,
  updateInternalApiKey: internalApiKeys.updateInternalApiKey,
  oauthToken: sessions.oauthToken,
  projectJwks: sessions.projectJwks,
  anonymousProjectJwks: sessions.anonymousProjectJwks,
  listSessions: sessions.listSessions,
  createSession: sessions.createSession,
  signOut: sessions.signOut,
  deleteSession: sessions.deleteSession,
  endAllSessions: sessions.endAllSessions,
  passwordSignUp: password.passwordSignUp,
  passwordSignIn: password.passwordSignIn,
  sendPasswordResetCode: password.sendPasswordResetCode,
  checkPasswordResetCode: password.checkPasswordResetCode,
  resetPassword: password.resetPassword,
  updatePassword: password.updatePassword,
  setPassword: password.setPassword,
  anonymousSignUp: password.anonymousSignUp,
  getCurrentUser: users.getCurrentUser,
  updateCurrentUser: users.updateCurrentUser,
  deleteCurrentUser: users.deleteCurrentUser,
  listUsers: users.listUsers,
  createUser: users.createUser,
  getUser: users.getUser,
  updateUser: users.updateUser,
  deleteUser: users.deleteUser,
  listContactChannels: contactChannels.listContactChannels,
  createContactChannel: contactChannels.createContactChannel,
  getContactChannel: contactChannels.getContactChannel,
  updateContactChannel: contactChannels.updateContactChannel,
  deleteContactChannel: contactChannels.deleteContactChannel,
  sendContactChannelVerificationCode: contactChannels.sendContactChannelVerificationCode,
  sendPrimaryEmailVerificationCode: contactChannels.sendPrimaryEmailVerificationCode,
  verifyContactChannel: contactChannels.verifyContactChannel,
  checkContactChannelVerificationCode: contactChannels.checkContactChannelVerificationCode,
  ...otpMfaProcedures,
  ...teamProcedures,
  ...teamInvitationProcedures,
  ...permissionProcedures,
  ...apiKeyProcedures,
  ...cliAuthProcedures,
  ...passkeyProcedures,
  ...itemProcedures,
} as const;

export type Contract = typeof contract;
export type ProcedureName = keyof Contract;
