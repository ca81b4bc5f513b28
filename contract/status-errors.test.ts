import { describe, expect, it } from "vitest";
import { knownErrors } from "./errors.js";
import { statusErrors } from "./status-errors.js";

/**
 * The exact texts clients compare: a change here is a wire change. Edit this list only together with
 * COMPATIBILITY notes saying why the text moved.
 */
const wireTexts: Record<string, [number, string]> = {
  bodyTooLarge: [413, "The request body is larger than {maxBytes} bytes."],
  tooManyRequests: [429, "Too many attempts. Try again in {retryAfterSeconds} seconds."],
  projectQuotaPerUser: [403, "You have created the most projects one user may ({limit}). Delete one before creating another."],
  projectQuotaPerTeam: [403, "This team owns the most projects one team may ({limit}). Delete one before creating another."],
  endUserIpInvalid: [400, "The x-latchkey-end-user-ip header must be one IPv4 or IPv6 address."],
  adminTokenOwnerGone: [401, "The user of this admin access token no longer exists or has signed out."],
  sessionsListOwnOnly: [403, "Client can only list sessions for their own user."],
  sessionsEndOwnOnly: [403, "Clients can only end their own sessions (user_id must be me or their own id)."],
  contactChannelsOwnOnly: [403, "Client can only {action} contact channels for their own user."],
  verificationCodeOwnOnly: [400, "Can only send verification code for your own user"],
  apiKeysOwnOnly: [403, "Client can only manage their own api keys"],
  permissionsListOwnOnly: [403, "Client can only list permissions for their own user. user_id must be either \"me\" or the ID of the current user"],
  permissionsServerOnly: [403, "Only servers and admins may grant or revoke permissions."],
  teamsListOwnOnly: [403, "Client can only list teams for their own user. user_id must be either \"me\" or the ID of the current user"],
  teamsCreateOwnOnly: [403, "You cannot create a team as a user that is not yourself. Make sure you set the creator_user_id to 'me'."],
  teamProfileOwnOnly: [403, "Cannot update another user's profile"],
  teamIdRequiredForClient: [400, "team_id is required for access type client"],
  clientUserDeletionDisabled: [400, "Client user deletion is not enabled for this project"],
  clientTeamCreationDisabled: [403, "Client team creation is disabled for this project"],
  passwordSignInDisabledOnCreate: [400, "Password sign-in is not enabled for this project."],
  otpSignInDisabled: [403, "OTP sign-in is not enabled for this project"],
  otpSignInDisabledOnCreate: [400, "One-time-code sign-in is not enabled for this project."],
  apiKeysDisabled: [400, "{kind} API keys are not enabled for this project."],
  profileImageNotBase64: [400, "Invalid profile image URL"],
  invalidConfigJson: [400, "Invalid config JSON"],
  invalidConfigOverride: [400, "{message}"],
  invalidEmailTheme: [400, "Invalid email theme"],
  profileImageTooLarge: [400, "Invalid profile image URL: images must be smaller than 100 KB."],
  profileImageBadUrl: [400, "Invalid profile image URL: use an http(s) URL or a base64 data URL."],
  passwordAndHashBoth: [400, "Cannot set both password and password_hash at the same time."],
  unsupportedPasswordHash: [400, "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format."],
  passkeyAuthNotSettable: [400, "Passkey sign-in cannot be switched on directly: it is on while the user has a passkey."],
  primaryEmailFlagsNeedEmail: [400, "primary_email_auth_enabled cannot be true without primary_email"],
  primaryEmailVerifiedNeedsEmail: [400, "primary_email_verified cannot be true without primary_email"],
  passwordAlreadySet: [400, "User already has a password set."],
  totpRequiredForRecoveryCodes: [400, "Set up a TOTP authenticator before creating recovery codes."],
  recoveryCodeAlreadyUsed: [409, "This recovery code has already been used. Each code works once: use another one of your codes."],
  contactChannelNotFound: [404, "Contact channel not found."],
  contactChannelMissing: [400, "Contact channel not found"],
  contactChannelMissingForVerification: [404, "Contact channel not found"],
  contactChannelChangedSinceCode: [400, "Contact channel not found. Was it deleted or changed since the code was sent?"],
  contactChannelAlreadyExists: [400, "Contact channel already exists"],
  noPrimaryEmailToVerify: [400, "The user has no primary e-mail address to verify."],
  contactChannelLimitReached: [400, "A user can have at most {max} contact channels. Delete one before adding another."],
  addedEmailNeedsOwnerSession: [403, "This address was added to an existing account. Sign in to that account, then open the link again to confirm the address."],
  addedEmailOtherAccount: [403, "This address was added to another account than the one signed in here. Sign in to the account that asked to add it, then open the link again."],
  sessionNotFound: [404, "Session not found."],
  projectNotFoundPlain: [404, "Project not found"],
  internalProjectUndeletable: [400, "The internal project cannot be deleted."],
  projectWithoutOwner: [400, "Project must have an owner team to be transferred"],
  teamInvitationNotFound: [404, "Team invitation not found."],
  systemPermissionImmutable: [400, "\"{permissionId}\" is a system permission; it cannot be changed or deleted."],
  cliNotOwnRefreshToken: [400, "The refresh token must belong to a live session of the signed-in user in this project."],
  cliInvalidLoginCode: [400, "Invalid login code or the code has expired"],
  itemQuantityOutOfRange: [400, "The quantity would leave the range of ±9007199254740991."],
  purchaseOfferChoice: [400, "Must specify either offer_id or offer_inline!"],
  purchaseInlineOfferFromClient: [400, "Cannot specify offer_inline when calling from client! Please call with a server API key, or use the offer_id parameter."],
  purchasePriceNotFound: [400, 'The offer has no price "{priceId}".'],
  purchaseOfferNotBuyable: [400, "This offer is included by default and cannot be bought."],
  purchaseNotStackable: [400, "This offer is not stackable; quantity must be 1"],
  purchaseAlreadyHeld: [400, "This offer is not stackable, and the customer already holds it."],
  purchaseAddOnWithoutBase: [400, "This add-on can only be bought by a customer who holds one of the offers it adds to."],
  purchaseTestModeOff: [400, "Test-mode purchases are turned off for this project."],
  purchaseNeedsStripe: [400, "Payments are not set up in this Stack Auth project. Please go to the Stack Auth dashboard and complete the Payments onboarding."],
  stripeSignatureInvalid: [400, "Invalid stripe-signature header"],
  purchaseNotFound: [404, "Purchase not found."],
  purchasesOwnOnly: [403, "Clients can only see and cancel their own purchases."],
  purchaseUrlOwnOnly: [403, "Clients can only create checkout URLs for their own user or for teams they may buy for."],
  stripeAccountIdNotSet: [400, "Stripe account ID is not set"],
  cronAuthorizationMissing: [400, "The Authorization header is missing: send Authorization: Bearer «LATCHKEY_CRON_SECRET»."],
  cronUnauthorized: [401, "Unauthorized"],
  renderTemplateNotFound: [400, "No template found with given id"],
  renderThemeNotFound: [400, "No theme found with given id"],
  stripeNotConfigured: [400, "This server has no Stripe secret key (LATCHKEY_STRIPE_SECRET_KEY)."],
  oauthLinkNeedsToken: [400, "?token= query parameter is required for link type"],
  oauthTokenOtherProject: [403, "The access token is not valid for this project"],
  oauthFlowNotFound: [400, "Inner OAuth cookie not found. This is likely because you refreshed the page during the OAuth sign in process. Please try signing in again"],
  oauthProviderFailed: [400, "The OAuth provider's answer could not be used. Please try signing in again."],
  sharedOAuthCredentialsMissing: [400, "This server has no shared OAuth credentials for {providerId}. Configure the project's own client id and secret for this provider."],
  oauthRedirectUriMismatch: [400, "Invalid redirect URI. Your redirect URI must be the same as the one used to get the authorization code."],
  oauthProvidersListOwnOnly: [403, "Client can only list OAuth providers for their own user."],
  oauthProvidersOwnOnly: [403, "Client can only manage OAuth providers of their own user."],
  oauthProviderReadOwnOnly: [403, "Client can only read OAuth providers for their own user."],
  connectedAccountsOwnOnly: [403, "Client can only access its own connected accounts"],
  oauthProviderLinkNotFound: [404, "OAuth provider {linkId} for user {userId} not found"],
  oauthProviderConfigNotFound: [404, "OAuth provider {providerConfigId} not found or not configured"],
  userCreateOAuthProviderNotFound: [400, "OAuth provider {providerConfigId} not found"],
  oauthProviderSignInTypeExists: [400, "The same provider type with sign-in enabled already exists for this user."],
  oauthProviderAccountExists: [400, "The same provider type with the same account ID already exists for this user."],
  webhookEndpointNotFound: [404, "Webhook endpoint not found."],
  webhookDeliveryNotFound: [404, "Webhook delivery not found."],
  localInboxEmailNotFound: [404, "No kept e-mail found with given id. Kept e-mails are removed after 7 days."],
  webhookTargetRefused: [400, "The webhook URL cannot be used: {reason}"],
  oauthClientNotFound: [404, "OAuth client not found."],
  oauthClientInvalid: [400, "The OAuth client cannot be saved: {reason}"],
  authorizedAppNotFound: [404, "No authorized app found with given client_id."],
  emailSendFailed: [400, "Failed to send email. If you are the admin of this project, please check the email configuration and try again."],
  notificationCategoryNameNotFound: [400, "Notification category not found with given name"],
  sendEmailTemplateNotFound: [400, "No template found with given template_id"],
  sendEmailDraftNotFound: [400, "No draft found with given draft_id"],
  notificationPreferencesViewOwnOnly: [403, "You can only view your own notification preferences"],
  notificationPreferencesManageOwnOnly: [403, "You can only manage your own notification preferences"],
  notificationCategoryNotFound: [404, "Notification category not found"],
  invalidUnsubscribeLink: [400, "This unsubscribe link is not valid. Copy the whole link from the e-mail, or change your preferences in the app."],
  emailTemplateNotFound: [404, "No template found with given id"],
  emailThemeNotFound: [404, "No theme found with given id"],
  emailDraftNotFound: [404, "No draft found with given id"],
  aiChatProviderFailed: [502, "The AI assistant's provider did not answer: {reason}"],
  aiChatThreadFull: [400, "This chat thread already holds {maxMessages} messages, the most one thread keeps. Start a new thread."],
  aiChatThreadTooLarge: [400, "This chat thread would hold more than {maxChars} characters of messages, the most one thread keeps. Start a new thread."],
  aiChatTooManyThreads: [400, "This project already keeps {maxThreads} chat threads, the most one project keeps."],
  metricsTokenRequired: [401, "The metrics need the token set in LATCHKEY_METRICS_TOKEN, sent as Authorization: Bearer <token>."],
};

describe("plain-status errors", () => {
  it("keep their status and byte-identical text", () => {
    const table = Object.fromEntries(Object.entries(statusErrors).map(([name, spec]) => [name, [spec.status, spec.template]]));
    expect(table).toEqual(wireTexts);
  });

  it("fill in their values", () => {
    expect(statusErrors.apiKeysDisabled.message({ kind: "Team" })).toBe("Team API keys are not enabled for this project.");
    expect(statusErrors.tooManyRequests.message({ retryAfterSeconds: 7 })).toBe("Too many attempts. Try again in 7 seconds.");
  });

  it("never share a name with a known-error code", () => {
    expect(Object.keys(statusErrors).filter((name) => Object.hasOwn(knownErrors, name))).toEqual([]);
    for (const name of Object.keys(statusErrors)) expect(name).toMatch(/^[a-z][A-Za-z0-9]+$/);
  });
});
