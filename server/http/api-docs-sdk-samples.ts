/**
 * The API reference's SDK samples: for each contract procedure that `@latchkey/js` (and Stack's SDK, under the
 * same names) calls, a short sample. `calls` names every SDK method the sample uses as `Type.method`, where
 * `Type` is a class or type `@latchkey/js` exports; test/api/v1/docs.test.ts checks each against
 * the SDK's public types and each key against the contract, so the table cannot go stale unnoticed.
 * The samples use `clientApp`, `serverApp` and `adminApp`, set up as the page's SDK note shows.
 */
import type { Contract } from "../../contract/index.js";

export interface SdkSample {
  /** The SDK methods the sample calls, as `Type.method` (`StackServerApp.getUser`, `CurrentUser.update`). */
  calls: string[];
  code: string;
}

const me = `const user = await clientApp.getUser({ or: "throw" });`;
const someone = `const user = await serverApp.getUser(userId);`;
const myTeam = `const team = await user.getTeam(teamId);`;
const s = (calls: string[], ...lines: string[]): SdkSample => ({ calls, code: lines.join("\n") });

/** Reviewed by hand: one entry per procedure the SDK exposes; procedures without one keep the fetch sample only. */
export const sdkSamples: Partial<Record<keyof Contract, SdkSample>> = {
  // Users
  getCurrentUser: s(["StackClientApp.getUser"], me, "console.log(user.id, user.primaryEmail);"),
  updateCurrentUser: s(["StackClientApp.getUser", "CurrentUser.update"], me, `await user.update({ displayName: "Ada", clientMetadata: { theme: "dark" } });`),
  deleteCurrentUser: s(["StackClientApp.getUser", "CurrentUser.delete"], me, "await user.delete();"),
  listUsers: s(["StackServerApp.listUsers"], `const users = await serverApp.listUsers({ limit: 50, query: "ada" });`, "console.log(users.map((u) => u.primaryEmail), users.nextCursor);"),
  getUser: s(["StackServerApp.getUser"], someone, "console.log(user?.primaryEmail);"),
  createUser: s(["StackServerApp.createUser"], `const user = await serverApp.createUser({ primaryEmail: "ada@example.com", password: "a long passphrase", primaryEmailAuthEnabled: true });`),
  updateUser: s(["StackServerApp.getUser", "ServerUser.update"], someone, `await user?.update({ displayName: "Ada", serverMetadata: { plan: "pro" } });`),
  deleteUser: s(["StackServerApp.getUser", "ServerUser.delete"], someone, "await user?.delete();"),
  anonymousSignUp: s(["StackClientApp.getUser"], `const guest = await clientApp.getUser({ or: "anonymous" });`),

  // Sign-in and sign-up
  passwordSignIn: s(["StackClientApp.signInWithCredential"], `const result = await clientApp.signInWithCredential({ email, password, noRedirect: true });`, `if (result.status === "error") console.log(result.error.errorCode);`),
  passwordSignUp: s(["StackClientApp.signUpWithCredential"], `const result = await clientApp.signUpWithCredential({ email, password, noRedirect: true });`, `if (result.status === "error") console.log(result.error.errorCode);`),
  sendPasswordResetCode: s(["StackClientApp.sendForgotPasswordEmail"], `await clientApp.sendForgotPasswordEmail(email, { callbackUrl: "https://app.example.com/handler/password-reset" });`),
  checkPasswordResetCode: s(["StackClientApp.verifyPasswordResetCode"], "const result = await clientApp.verifyPasswordResetCode(code);"),
  resetPassword: s(["StackClientApp.resetPassword"], "await clientApp.resetPassword({ code, password: newPassword });"),
  setPassword: s(["StackClientApp.getUser", "CurrentUser.setPassword"], me, `const error = await user.setPassword({ password: "a long passphrase" });`),
  updatePassword: s(["StackClientApp.getUser", "CurrentUser.updatePassword"], me, "const error = await user.updatePassword({ oldPassword, newPassword });"),
  sendSignInCode: s(["StackClientApp.sendMagicLinkEmail"], `const result = await clientApp.sendMagicLinkEmail(email, { callbackUrl: "https://app.example.com/handler/magic-link-callback" });`),
  otpSignIn: s(["StackClientApp.signInWithMagicLink"], "await clientApp.signInWithMagicLink(code, { noRedirect: true });"),
  mfaSignIn: s(["StackClientApp.signInWithMfa"], "await clientApp.signInWithMfa(totpCode, attemptCode, { noRedirect: true });"),
  initiateMfaPasskey: s(
    ["StackClientApp.canUsePasskeyForMfa", "StackClientApp.signInWithPasskeyForMfa"],
    "// Whether the user has a passkey to use; then the challenge, the browser's signature and the sign-in in one call:",
    "if (await clientApp.canUsePasskeyForMfa(attemptCode)) await clientApp.signInWithPasskeyForMfa(attemptCode, { noRedirect: true });",
  ),
  initiatePasskeyAuthentication: s(["StackClientApp.signInWithPasskey"], "// Asks for the options, lets the browser sign them, then signs in:", "const result = await clientApp.signInWithPasskey({ noRedirect: true });"),
  passkeySignIn: s(["StackClientApp.signInWithPasskey"], "const result = await clientApp.signInWithPasskey({ noRedirect: true });"),
  initiatePasskeyRegistration: s(["StackClientApp.getUser", "CurrentUser.registerPasskey"], me, "// Asks for the options, lets the browser create the passkey, then registers it:", "const result = await user.registerPasskey();"),
  registerPasskey: s(["StackClientApp.getUser", "CurrentUser.registerPasskey"], me, "const result = await user.registerPasskey();"),
  oauthAuthorize: s(["StackClientApp.signInWithOAuth"], `await clientApp.signInWithOAuth("github");`),
  oauthCallback: s(["StackClientApp.callOAuthCallback"], "// On the app's OAuth callback page:", "const signedIn = await clientApp.callOAuthCallback();"),
  oauthToken: s(["StackClientApp.callOAuthCallback"], "// Exchanges the callback's code for tokens:", "const signedIn = await clientApp.callOAuthCallback();"),
  startCliLogin: s(["StackClientApp.promptCliLogin"], `const result = await clientApp.promptCliLogin({ appUrl: "https://app.example.com" }); // the refresh token when ok`),
  pollCliLogin: s(["StackClientApp.promptCliLogin"], "// Polls until the user confirms in the browser:", `const result = await clientApp.promptCliLogin({ appUrl: "https://app.example.com" });`),

  // Sessions
  listSessions: s(["StackClientApp.getUser", "CurrentUser.getActiveSessions"], me, "const sessions = await user.getActiveSessions();"),
  deleteSession: s(["StackClientApp.getUser", "CurrentUser.revokeSession"], me, "await user.revokeSession(sessionId);"),
  signOut: s(["StackClientApp.getUser", "CurrentUser.signOut"], me, "await user.signOut();"),
  refreshCurrentSession: s(["StackClientApp.getUser", "Session.getTokens"], me, "// Refreshes the access token when it is about to expire:", "const { accessToken } = await user.currentSession.getTokens();"),
  createSession: s(["StackServerApp.getUser", "ServerUser.createSession"], someone, "const { accessToken, refreshToken } = await (await user!.createSession()).getTokens();"),

  // Teams, members, invitations
  listTeams: s(["StackClientApp.getUser", "CurrentUser.listTeams"], me, "const teams = await user.listTeams();"),
  createTeam: s(["StackClientApp.getUser", "CurrentUser.createTeam"], me, `const team = await user.createTeam({ displayName: "Lab" });`),
  getTeam: s(["StackClientApp.getUser", "CurrentUser.getTeam"], me, myTeam),
  updateTeam: s(["StackClientApp.getUser", "CurrentUser.getTeam", "Team.update"], me, myTeam, `await team?.update({ displayName: "Research" });`),
  deleteTeam: s(["StackClientApp.getUser", "CurrentUser.getTeam", "Team.delete"], me, myTeam, "await team?.delete();"),
  createTeamMembership: s(["StackServerApp.getTeam", "ServerTeam.addUser"], "const team = await serverApp.getTeam(teamId);", "await team?.addUser(userId);"),
  deleteTeamMembership: s(["StackClientApp.getUser", "CurrentUser.getTeam", "Team.removeUser"], me, myTeam, "await team?.removeUser(memberId);"),
  listTeamMemberProfiles: s(["StackClientApp.getUser", "CurrentUser.getTeam", "Team.listUsers"], me, myTeam, "const members = await team?.listUsers();"),
  getTeamMemberProfile: s(["StackClientApp.getUser", "CurrentUser.getTeamProfile"], me, "const profile = await user.getTeamProfile({ id: teamId });"),
  updateTeamMemberProfile: s(["StackClientApp.getUser", "CurrentUser.getTeamProfile", "EditableTeamMemberProfile.update"], me, "const profile = await user.getTeamProfile({ id: teamId });", `await profile.update({ displayName: "Ada (Research)" });`),
  sendTeamInvitationCode: s(["StackClientApp.getUser", "CurrentUser.getTeam", "Team.inviteUser"], me, myTeam, `await team?.inviteUser({ email: "grace@example.com" });`),
  listTeamInvitations: s(["StackClientApp.getUser", "CurrentUser.getTeam", "Team.listInvitations"], me, myTeam, "const pending = await team?.listInvitations();"),
  revokeTeamInvitation: s(["StackClientApp.getUser", "CurrentUser.getTeam", "Team.listInvitations", "TeamInvitation.revoke"], me, myTeam, "const [invitation] = (await team?.listInvitations()) ?? [];", "await invitation?.revoke();"),
  acceptTeamInvitation: s(["StackClientApp.acceptTeamInvitation"], "const result = await clientApp.acceptTeamInvitation(code);"),
  checkTeamInvitationCode: s(["StackClientApp.verifyTeamInvitationCode"], "const result = await clientApp.verifyTeamInvitationCode(code);"),
  getTeamInvitationDetails: s(["StackClientApp.getTeamInvitationDetails"], "const result = await clientApp.getTeamInvitationDetails(code);"),

  // Permissions and their definitions
  listTeamPermissions: s(["StackClientApp.getUser", "CurrentUser.listPermissions"], me, "const permissions = await user.listPermissions({ id: teamId }, { recursive: true });"),
  listProjectPermissions: s(["StackClientApp.getUser", "CurrentUser.listPermissions"], me, "const permissions = await user.listPermissions({ recursive: true });"),
  grantTeamPermission: s(["StackServerApp.getUser", "ServerUser.grantPermission"], someone, `await user?.grantPermission({ id: teamId }, "editor");`),
  revokeTeamPermission: s(["StackServerApp.getUser", "ServerUser.revokePermission"], someone, `await user?.revokePermission({ id: teamId }, "editor");`),
  grantProjectPermission: s(["StackServerApp.getUser", "ServerUser.grantPermission"], someone, `await user?.grantPermission("billing");`),
  revokeProjectPermission: s(["StackServerApp.getUser", "ServerUser.revokePermission"], someone, `await user?.revokePermission("billing");`),
  listTeamPermissionDefinitions: s(["StackAdminApp.listTeamPermissionDefinitions"], "const definitions = await adminApp.listTeamPermissionDefinitions();"),
  createTeamPermissionDefinition: s(["StackAdminApp.createTeamPermissionDefinition"], `await adminApp.createTeamPermissionDefinition({ id: "editor", description: "Edits", containedPermissionIds: [] });`),
  updateTeamPermissionDefinition: s(["StackAdminApp.updateTeamPermissionDefinition"], `await adminApp.updateTeamPermissionDefinition("editor", { description: "Edits documents" });`),
  deleteTeamPermissionDefinition: s(["StackAdminApp.deleteTeamPermissionDefinition"], `await adminApp.deleteTeamPermissionDefinition("editor");`),
  listProjectPermissionDefinitions: s(["StackAdminApp.listProjectPermissionDefinitions"], "const definitions = await adminApp.listProjectPermissionDefinitions();"),
  createProjectPermissionDefinition: s(["StackAdminApp.createProjectPermissionDefinition"], `await adminApp.createProjectPermissionDefinition({ id: "billing", description: "Billing", containedPermissionIds: [] });`),
  updateProjectPermissionDefinition: s(["StackAdminApp.updateProjectPermissionDefinition"], `await adminApp.updateProjectPermissionDefinition("billing", { description: "Sees invoices" });`),
  deleteProjectPermissionDefinition: s(["StackAdminApp.deleteProjectPermissionDefinition"], `await adminApp.deleteProjectPermissionDefinition("billing");`),

  // API keys
  createUserApiKey: s(["StackClientApp.getUser", "CurrentUser.createApiKey"], me, `const key = await user.createApiKey({ description: "laptop", expiresAt: null });`, "console.log(key.value); // shown only now"),
  listUserApiKeys: s(["StackClientApp.getUser", "CurrentUser.listApiKeys"], me, "const keys = await user.listApiKeys();"),
  updateUserApiKey: s(["StackClientApp.getUser", "CurrentUser.listApiKeys", "ApiKey.update"], me, "const [key] = await user.listApiKeys();", `await key?.update({ description: "old laptop" });`),
  checkUserApiKey: s(["StackServerApp.getUser"], "const owner = await serverApp.getUser({ apiKey: presentedKey }); // null when not valid"),
  createTeamApiKey: s(["StackClientApp.getUser", "CurrentUser.getTeam", "Team.createApiKey"], me, myTeam, `const key = await team?.createApiKey({ description: "CI", expiresAt: null });`),
  listTeamApiKeys: s(["StackClientApp.getUser", "CurrentUser.getTeam", "Team.listApiKeys"], me, myTeam, "const keys = await team?.listApiKeys();"),
  updateTeamApiKey: s(["StackClientApp.getUser", "CurrentUser.getTeam", "Team.listApiKeys", "ApiKey.revoke"], me, myTeam, "const [key] = (await team?.listApiKeys()) ?? [];", "await key?.revoke();"),
  checkTeamApiKey: s(["StackServerApp.getTeam"], "const team = await serverApp.getTeam({ apiKey: presentedKey }); // null when not valid"),

  // Contact channels
  listContactChannels: s(["StackClientApp.getUser", "CurrentUser.listContactChannels"], me, "const channels = await user.listContactChannels();"),
  createContactChannel: s(["StackClientApp.getUser", "CurrentUser.createContactChannel"], me, `const channel = await user.createContactChannel({ type: "email", value: "ada@work.example", usedForAuth: false });`),
  updateContactChannel: s(["StackClientApp.getUser", "CurrentUser.listContactChannels", "ContactChannel.update"], me, "const [channel] = await user.listContactChannels();", "await channel?.update({ isPrimary: true });"),
  deleteContactChannel: s(["StackClientApp.getUser", "CurrentUser.listContactChannels", "ContactChannel.delete"], me, "const [channel] = await user.listContactChannels();", "await channel?.delete();"),
  sendContactChannelVerificationCode: s(["StackClientApp.getUser", "CurrentUser.listContactChannels", "ContactChannel.sendVerificationEmail"], me, "const [channel] = await user.listContactChannels();", "await channel?.sendVerificationEmail();"),
  sendPrimaryEmailVerificationCode: s(["StackClientApp.getUser", "CurrentUser.sendVerificationEmail"], me, "const error = await user.sendVerificationEmail();"),
  verifyContactChannel: s(["StackClientApp.verifyEmail"], "const result = await clientApp.verifyEmail(code);"),

  // E-mails and templates
  sendEmail: s(["StackServerApp.sendEmail"], `await serverApp.sendEmail({ userIds: [userId], subject: "Hello", html: "<p>Welcome aboard.</p>" });`),
  listNotificationPreferences: s(["StackClientApp.getUser", "CurrentUser.listNotificationCategories"], me, "const categories = await user.listNotificationCategories();"),
  updateNotificationPreference: s(["StackClientApp.getUser", "CurrentUser.listNotificationCategories", "NotificationCategory.setEnabled"], me, "const [marketing] = await user.listNotificationCategories();", "await marketing?.setEnabled(false);"),
  listSentEmails: s(["StackAdminApp.listSentEmails"], "const sent = await adminApp.listSentEmails();"),
  sendTestEmail: s(["StackAdminApp.sendTestEmail"], `const result = await adminApp.sendTestEmail({ recipientEmail: "me@example.com", emailConfig });`),
  sendSignInInvitation: s(["StackAdminApp.sendSignInInvitationEmail"], `await adminApp.sendSignInInvitationEmail("ada@example.com", "https://app.example.com/handler/sign-in");`),
  listEmailThemes: s(["StackAdminApp.listEmailThemes"], "const themes = await adminApp.listEmailThemes();"),
  createEmailTheme: s(["StackAdminApp.createEmailTheme"], `const { id } = await adminApp.createEmailTheme("Brand");`),
  updateEmailTheme: s(["StackAdminApp.updateEmailTheme"], "await adminApp.updateEmailTheme(themeId, tsxSource);"),
  listEmailTemplates: s(["StackAdminApp.listEmailTemplates"], "const templates = await adminApp.listEmailTemplates();"),
  createEmailTemplate: s(["StackAdminApp.createEmailTemplate"], `const { id } = await adminApp.createEmailTemplate("Welcome");`),
  updateEmailTemplate: s(["StackAdminApp.updateEmailTemplate"], "const { renderedHtml } = await adminApp.updateEmailTemplate(templateId, tsxSource, null);"),
  renderEmail: s(["StackAdminApp.getEmailPreview"], "const html = await adminApp.getEmailPreview({ templateId, themeId: false });"),
  listEmailDrafts: s(["StackAdminApp.listEmailDrafts"], "const drafts = await adminApp.listEmailDrafts();"),
  createEmailDraft: s(["StackAdminApp.createEmailDraft"], `const { id } = await adminApp.createEmailDraft({ displayName: "Launch" });`),
  updateEmailDraft: s(["StackAdminApp.updateEmailDraft"], `await adminApp.updateEmailDraft(draftId, { displayName: "Launch day" });`),

  // Payments
  getItem: s(["StackClientApp.getUser", "CurrentUser.getItem"], me, `const credits = await user.getItem("credits");`, "console.log(credits.quantity);"),
  updateItemQuantity: s(["StackServerApp.getItem", "ServerItem.increaseQuantity"], `const credits = await serverApp.getItem({ itemId: "credits", userId });`, "await credits.increaseQuantity(10);"),
  createPurchaseUrl: s(["StackClientApp.getUser", "CurrentUser.createCheckoutUrl"], me, `const url = await user.createCheckoutUrl({ offerId: "pro" });`),
  testModePurchaseSession: s(["StackAdminApp.testModePurchase"], `await adminApp.testModePurchase({ priceId: "monthly", fullCode });`),
  setupPayments: s(["StackAdminApp.setupPayments"], "const { url } = await adminApp.setupPayments();"),
  stripeAccountInfo: s(["StackAdminApp.getStripeAccountInfo"], "const stripe = await adminApp.getStripeAccountInfo();"),
  stripeAccountSession: s(["StackAdminApp.createStripeWidgetAccountSession"], "const { client_secret } = await adminApp.createStripeWidgetAccountSession();"),
  listTransactions: s(["StackAdminApp.listTransactions"], "const { transactions, nextCursor } = await adminApp.listTransactions({ limit: 20 });"),

  // Data vault
  setDataVaultValue: s(["StackServerApp.getDataVaultStore", "DataVaultStore.setValue"], `const store = await serverApp.getDataVaultStore("secrets");`, `await store.setValue("user-42-ssn", "078-05-1120", { secret: process.env.VAULT_SECRET! });`),
  getDataVaultValue: s(["StackServerApp.getDataVaultStore", "DataVaultStore.getValue"], `const store = await serverApp.getDataVaultStore("secrets");`, `const value = await store.getValue("user-42-ssn", { secret: process.env.VAULT_SECRET! });`),

  // OAuth provider accounts and authorized apps
  listOAuthProviders: s(["StackClientApp.getUser", "CurrentUser.listOAuthProviders"], me, "const providers = await user.listOAuthProviders();"),
  getOAuthProvider: s(["StackClientApp.getUser", "CurrentUser.getOAuthProvider"], me, "const provider = await user.getOAuthProvider(providerLinkId);"),
  updateOAuthProvider: s(["StackClientApp.getUser", "CurrentUser.getOAuthProvider", "OAuthProvider.update"], me, "const provider = await user.getOAuthProvider(providerLinkId);", "await provider?.update({ allowSignIn: false });"),
  deleteOAuthProvider: s(["StackClientApp.getUser", "CurrentUser.getOAuthProvider", "OAuthProvider.delete"], me, "const provider = await user.getOAuthProvider(providerLinkId);", "await provider?.delete();"),
  createOAuthProvider: s(["StackServerApp.createOAuthProvider"], `const result = await serverApp.createOAuthProvider({ userId, providerConfigId: "github", accountId: "1001", email: "ada@example.com", allowSignIn: true, allowConnectedAccounts: false });`),
  connectedAccountAccessToken: s(["StackClientApp.getUser", "CurrentUser.getConnectedAccount", "OAuthConnection.getAccessToken"], me, `const github = await user.getConnectedAccount("github", { or: "redirect" });`, "const { accessToken } = await github!.getAccessToken();"),
  listMyAuthorizedApps: s(["StackClientApp.getUser", "CurrentUser.listAuthorizedApps"], me, "const apps = await user.listAuthorizedApps();"),
  revokeMyAuthorizedApp: s(["StackClientApp.getUser", "CurrentUser.revokeAuthorizedApp"], me, "await user.revokeAuthorizedApp(clientId);"),

  // Projects, configuration and key sets
  getCurrentProject: s(["StackClientApp.getProject"], "const project = await clientApp.getProject();"),
  getAdminProject: s(["StackAdminApp.getProject"], "const project = await adminApp.getProject();"),
  updateAdminProject: s(["StackAdminApp.getProject", "AdminProject.update"], "const project = await adminApp.getProject();", `await project.update({ displayName: "Shop" });`),
  deleteAdminProject: s(["StackAdminApp.getProject", "AdminProject.delete"], "const project = await adminApp.getProject();", "await project.delete();"),
  getProductionModeProblems: s(["StackAdminApp.getProject", "AdminProject.getProductionModeErrors"], "const project = await adminApp.getProject();", "const problems = await project.getProductionModeErrors();"),
  transferProject: s(["StackAdminApp.getProject", "AdminProject.transfer"], "const project = await adminApp.getProject();", "await project.transfer(owner, otherTeamId);"),
  getConfig: s(["StackAdminApp.getProject", "AdminProject.getConfig"], "const project = await adminApp.getProject();", "const config = await project.getConfig();"),
  updateConfigOverride: s(["StackAdminApp.getProject", "AdminProject.updateConfig"], "const project = await adminApp.getProject();", `await project.updateConfig({ "teams.allowClientTeamCreation": true });`),
  listOwnedProjects: s(["StackClientApp.getUser", "CurrentInternalUser.listOwnedProjects"], "// Signed in to the internal project (the dashboard's):", `const owner = await clientApp.getUser({ or: "throw" });`, "const projects = isCurrentInternalUser(owner) ? await owner.listOwnedProjects() : [];"),
  createOwnedProject: s(["StackClientApp.getUser", "CurrentInternalUser.createProject"], "// Signed in to the internal project (the dashboard's):", `const owner = await clientApp.getUser({ or: "throw" });`, `if (isCurrentInternalUser(owner)) await owner.createProject({ displayName: "Shop", teamId });`),
  listInternalApiKeys: s(["StackAdminApp.listInternalApiKeys"], "const keySets = await adminApp.listInternalApiKeys();"),
  createInternalApiKey: s(["StackAdminApp.createInternalApiKey"], `const keys = await adminApp.createInternalApiKey({ description: "CI", expiresAt, hasPublishableClientKey: true, hasSecretServerKey: true, hasSuperSecretAdminKey: false });`),
  updateInternalApiKey: s(["StackAdminApp.listInternalApiKeys", "InternalApiKey.revoke"], "const [keySet] = await adminApp.listInternalApiKeys();", "await keySet?.revoke();"),

  // AI chat (e-mail editors)
  sendAiChatMessage: s(["StackAdminApp.sendChatMessage"], `const { content } = await adminApp.sendChatMessage(threadId, "email-theme", [{ role: "user", content: "Make the header dark blue" }]);`),
  saveAiChatMessage: s(["StackAdminApp.saveChatMessage"], `await adminApp.saveChatMessage(threadId, { role: "user", content: "Make the header dark blue" });`),
  listAiChatMessages: s(["StackAdminApp.listChatMessages"], "const { messages } = await adminApp.listChatMessages(threadId);"),
};

/** How the samples' apps are made (the keys as in the quickstarts' `.env`), shown once per page. */
export const sdkSetup = [
  `import { StackClientApp, StackServerApp, StackAdminApp } from "@latchkey/js"; // or "@stackframe/js"`,
  `const keys = { baseUrl: process.env.LATCHKEY_URL, projectId: process.env.LATCHKEY_PROJECT_ID, publishableClientKey: process.env.LATCHKEY_PUBLISHABLE_CLIENT_KEY };`,
  `const clientApp = new StackClientApp({ ...keys, tokenStore: "cookie" }); // in the browser`,
  `const serverApp = new StackServerApp({ ...keys, secretServerKey: process.env.LATCHKEY_SECRET_SERVER_KEY, tokenStore: "memory" });`,
  `const adminApp = new StackAdminApp({ ...keys, superSecretAdminKey: process.env.LATCHKEY_SUPER_SECRET_ADMIN_KEY, tokenStore: "memory" });`,
].join("\n");
