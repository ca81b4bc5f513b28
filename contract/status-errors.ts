/**
 * The plain-status errors: answers the wire protocol gives as a status and a line of text instead of
 * a known error (`{code, details, error}`). Stack's SDK shows these texts to people and never parses
 * them, but other clients compare them, so each text stays byte for byte what Stack's backend sends
 * (several near-duplicates, such as "Contact channel not found" with and without a full stop, are
 * distinct answers of distinct endpoints on purpose).
 *
 * Names are camelCase so that they never collide with the SCREAMING_CASE known-error codes; a
 * procedure lists both kinds in its `errors`.
 */
import { defineStatusError } from "./status-error-spec.js";

const ownUserOnly = (what: string) => `Clients can only ${what} (user_id must be me or their own id).`;

export const statusErrors = {
  // Request framing
  bodyTooLarge: defineStatusError(413, (d: { maxBytes: number }) => `The request body is larger than ${d.maxBytes} bytes.`),
  tooManyRequests: defineStatusError(429, (d: { retryAfterSeconds: number }) => `Too many attempts. Try again in ${d.retryAfterSeconds} seconds.`),
  // Latchkey's own quota (no Stack text to match): projects per dashboard user and per owner team.
  projectQuotaPerUser: defineStatusError(403, (d: { limit: number }) => `You have created the most projects one user may (${d.limit}). Delete one before creating another.`),
  projectQuotaPerTeam: defineStatusError(403, (d: { limit: number }) => `This team owns the most projects one team may (${d.limit}). Delete one before creating another.`),
  // Latchkey's own header (no Stack text to match): a server naming its end user's address (http/end-user-ip.ts).
  endUserIpInvalid: defineStatusError(400, "The x-latchkey-end-user-ip header must be one IPv4 or IPv6 address."),

  // Callers acting on other users than themselves
  adminTokenOwnerGone: defineStatusError(401, "The user of this admin access token no longer exists or has signed out."),
  sessionsListOwnOnly: defineStatusError(403, "Client can only list sessions for their own user."),
  sessionsEndOwnOnly: defineStatusError(403, ownUserOnly("end their own sessions")),
  contactChannelsOwnOnly: defineStatusError(403, (d: { action: "list" | "create" | "read" | "update" | "delete" }) =>
    `Client can only ${d.action} contact channels for their own user.`),
  verificationCodeOwnOnly: defineStatusError(400, "Can only send verification code for your own user"),
  apiKeysOwnOnly: defineStatusError(403, "Client can only manage their own api keys"),
  permissionsListOwnOnly: defineStatusError(403,
    'Client can only list permissions for their own user. user_id must be either "me" or the ID of the current user'),
  permissionsServerOnly: defineStatusError(403, "Only servers and admins may grant or revoke permissions."),
  teamsListOwnOnly: defineStatusError(403,
    'Client can only list teams for their own user. user_id must be either "me" or the ID of the current user'),
  teamsCreateOwnOnly: defineStatusError(403,
    "You cannot create a team as a user that is not yourself. Make sure you set the creator_user_id to 'me'."),
  teamProfileOwnOnly: defineStatusError(403, "Cannot update another user's profile"),
  // Latchkey's own (Stack lets no client change roles): PUT /team-member-roles/{team_id}/{user_id}.
  teamRolesNotOwn: defineStatusError(403, "Clients cannot change their own roles in a team; another member holding $remove_members can."),
  teamIdRequiredForClient: defineStatusError(400, "team_id is required for access type client"),

  // Project settings that turn a feature off
  clientUserDeletionDisabled: defineStatusError(400, "Client user deletion is not enabled for this project"),
  clientTeamCreationDisabled: defineStatusError(403, "Client team creation is disabled for this project"),
  passwordSignInDisabledOnCreate: defineStatusError(400, "Password sign-in is not enabled for this project."),
  otpSignInDisabled: defineStatusError(403, "OTP sign-in is not enabled for this project"),
  otpSignInDisabledOnCreate: defineStatusError(400, "One-time-code sign-in is not enabled for this project."),
  apiKeysDisabled: defineStatusError(400, (d: { kind: "User" | "Team" }) => `${d.kind} API keys are not enabled for this project.`),

  // Users and their profile
  profileImageNotBase64: defineStatusError(400, "Invalid profile image URL"),
  invalidConfigJson: defineStatusError(400, "Invalid config JSON"),
  invalidConfigOverride: defineStatusError(400, (d: { message: string }) => d.message),
  invalidEmailTheme: defineStatusError(400, "Invalid email theme"),
  profileImageTooLarge: defineStatusError(400, "Invalid profile image URL: images must be smaller than 100 KB."),
  profileImageBadUrl: defineStatusError(400, "Invalid profile image URL: use an http(s) URL or a base64 data URL."),
  passwordAndHashBoth: defineStatusError(400, "Cannot set both password and password_hash at the same time."),
  unsupportedPasswordHash: defineStatusError(400, "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format."),
  passkeyAuthNotSettable: defineStatusError(400,
    "Passkey sign-in cannot be switched on directly: it is on while the user has a passkey."),
  primaryEmailFlagsNeedEmail: defineStatusError(400, "primary_email_auth_enabled cannot be true without primary_email"),
  primaryEmailVerifiedNeedsEmail: defineStatusError(400, "primary_email_verified cannot be true without primary_email"),
  passwordAlreadySet: defineStatusError(400, "User already has a password set."),
  totpRequiredForRecoveryCodes: defineStatusError(400, "Set up a TOTP authenticator before creating recovery codes."),
  // Latchkey's own (Stack has no recovery codes): each code works once.
  recoveryCodeAlreadyUsed: defineStatusError(409, "This recovery code has already been used. Each code works once: use another one of your codes."),
  // Latchkey's own (Stack takes no passkey as a second factor).
  noPasskeyForSecondFactor: defineStatusError(400, "This account has no passkey. Use a code from your authenticator app or a recovery code."),

  // Contact channels
  contactChannelNotFound: defineStatusError(404, "Contact channel not found."),
  contactChannelMissing: defineStatusError(400, "Contact channel not found"),
  contactChannelMissingForVerification: defineStatusError(404, "Contact channel not found"),
  contactChannelChangedSinceCode: defineStatusError(400, "Contact channel not found. Was it deleted or changed since the code was sent?"),
  contactChannelAlreadyExists: defineStatusError(400, "Contact channel already exists"),
  noPrimaryEmailToVerify: defineStatusError(400, "The user has no primary e-mail address to verify."),
  contactChannelLimitReached: defineStatusError(400, (d: { max: number }) =>
    `A user can have at most ${d.max} contact channels. Delete one before adding another.`),
  addedEmailNeedsOwnerSession: defineStatusError(403,
    "This address was added to an existing account. Sign in to that account, then open the link again to confirm the address."),
  addedEmailOtherAccount: defineStatusError(403,
    "This address was added to another account than the one signed in here. Sign in to the account that asked to add it, then open the link again."),

  // Sessions, projects, teams, permissions, CLI, items
  sessionNotFound: defineStatusError(404, "Session not found."),
  projectNotFoundPlain: defineStatusError(404, "Project not found"),
  internalProjectUndeletable: defineStatusError(400, "The internal project cannot be deleted."),
  projectWithoutOwner: defineStatusError(400, "Project must have an owner team to be transferred"),
  teamInvitationNotFound: defineStatusError(404, "Team invitation not found."),
  systemPermissionImmutable: defineStatusError(400, (d: { permissionId: string }) =>
    `"${d.permissionId}" is a system permission; it cannot be changed or deleted.`),
  cliNotOwnRefreshToken: defineStatusError(400, "The refresh token must belong to a live session of the signed-in user in this project."),
  cliInvalidLoginCode: defineStatusError(400, "Invalid login code or the code has expired"),
  itemQuantityOutOfRange: defineStatusError(400, `The quantity would leave the range of ±${Number.MAX_SAFE_INTEGER}.`),

  // Payments: checkout, purchases, Stripe (texts of the reference where it has them)
  purchaseOfferChoice: defineStatusError(400, "Must specify either offer_id or offer_inline!"),
  purchaseInlineOfferFromClient: defineStatusError(400,
    "Cannot specify offer_inline when calling from client! Please call with a server API key, or use the offer_id parameter."),
  purchasePriceNotFound: defineStatusError(400, (d: { priceId: string }) => `The offer has no price "${d.priceId}".`),
  purchaseOfferNotBuyable: defineStatusError(400, "This offer is included by default and cannot be bought."),
  purchaseNotStackable: defineStatusError(400, "This offer is not stackable; quantity must be 1"),
  purchaseAlreadyHeld: defineStatusError(400, "This offer is not stackable, and the customer already holds it."),
  purchaseAddOnWithoutBase: defineStatusError(400, "This add-on can only be bought by a customer who holds one of the offers it adds to."),
  purchaseTestModeOff: defineStatusError(400, "Test-mode purchases are turned off for this project."),
  purchaseNeedsStripe: defineStatusError(400,
    "Payments are not set up in this Stack Auth project. Please go to the Stack Auth dashboard and complete the Payments onboarding."),
  purchaseNotFound: defineStatusError(404, "Purchase not found."),
  purchasesOwnOnly: defineStatusError(403, "Clients can only see and cancel their own purchases."),
  purchaseUrlOwnOnly: defineStatusError(403, "Clients can only create checkout URLs for their own user or for teams they may buy for."),
  stripeAccountIdNotSet: defineStatusError(400, "Stripe account ID is not set"),
  stripeSignatureInvalid: defineStatusError(400, "Invalid stripe-signature header"),
  cronAuthorizationMissing: defineStatusError(400, "The Authorization header is missing: send Authorization: Bearer «LATCHKEY_CRON_SECRET»."),
  cronUnauthorized: defineStatusError(401, "Unauthorized"),
  stripeNotConfigured: defineStatusError(400, "This server has no Stripe secret key (LATCHKEY_STRIPE_SECRET_KEY)."),

  // Social sign-in (the browser sees the flow's answers; the texts of the reference's where it has them)
  oauthLinkNeedsToken: defineStatusError(400, "?token= query parameter is required for link type"),
  oauthTokenOtherProject: defineStatusError(403, "The access token is not valid for this project"),
  oauthFlowNotFound: defineStatusError(400,
    "Inner OAuth cookie not found. This is likely because you refreshed the page during the OAuth sign in process. Please try signing in again"),
  oauthProviderFailed: defineStatusError(400, "The OAuth provider's answer could not be used. Please try signing in again."),
  sharedOAuthCredentialsMissing: defineStatusError(400, (d: { providerId: string }) =>
    `This server has no shared OAuth credentials for ${d.providerId}. Configure the project's own client id and secret for this provider.`),
  oauthRedirectUriMismatch: defineStatusError(400,
    "Invalid redirect URI. Your redirect URI must be the same as the one used to get the authorization code."),
  oauthProvidersListOwnOnly: defineStatusError(403, "Client can only list OAuth providers for their own user."),
  oauthProvidersOwnOnly: defineStatusError(403, "Client can only manage OAuth providers of their own user."),
  oauthProviderReadOwnOnly: defineStatusError(403, "Client can only read OAuth providers for their own user."),
  connectedAccountsOwnOnly: defineStatusError(403, "Client can only access its own connected accounts"),
  oauthProviderLinkNotFound: defineStatusError(404, (d: { linkId: string; userId: string }) => `OAuth provider ${d.linkId} for user ${d.userId} not found`),
  oauthProviderConfigNotFound: defineStatusError(404, (d: { providerConfigId: string }) => `OAuth provider ${d.providerConfigId} not found or not configured`),
  userCreateOAuthProviderNotFound: defineStatusError(400, (d: { providerConfigId: string }) => `OAuth provider ${d.providerConfigId} not found`),
  oauthProviderSignInTypeExists: defineStatusError(400, "The same provider type with sign-in enabled already exists for this user."),
  oauthProviderAccountExists: defineStatusError(400, "The same provider type with the same account ID already exists for this user."),

  // Webhooks
  webhookEndpointNotFound: defineStatusError(404, "Webhook endpoint not found."),
  webhookDeliveryNotFound: defineStatusError(404, "Webhook delivery not found."),
  webhookTargetRefused: defineStatusError(400, (d: { reason: string }) => `The webhook URL cannot be used: ${d.reason}`),

  // The project as an identity provider (issue 40; no Stack text to match)
  oauthClientNotFound: defineStatusError(404, "OAuth client not found."),
  oauthClientInvalid: defineStatusError(400, (d: { reason: string }) => `The OAuth client cannot be saved: ${d.reason}`),
  authorizedAppNotFound: defineStatusError(404, "No authorized app found with given client_id."),

  // Sending e-mail and notification preferences
  emailSendFailed: defineStatusError(400,
    "Failed to send email. If you are the admin of this project, please check the email configuration and try again."),
  notificationCategoryNameNotFound: defineStatusError(400, "Notification category not found with given name"),
  sendEmailTemplateNotFound: defineStatusError(400, "No template found with given template_id"),
  sendEmailDraftNotFound: defineStatusError(400, "No draft found with given draft_id"),
  notificationPreferencesViewOwnOnly: defineStatusError(403, "You can only view your own notification preferences"),
  notificationPreferencesManageOwnOnly: defineStatusError(403, "You can only manage your own notification preferences"),
  notificationCategoryNotFound: defineStatusError(404, "Notification category not found"),
  // Latchkey's own (no Stack text to match): the local inbox of a project without a mail server.
  localInboxEmailNotFound: defineStatusError(404, "No kept e-mail found with given id. Kept e-mails are removed after 7 days."),
  invalidUnsubscribeLink: defineStatusError(400, "This unsubscribe link is not valid. Copy the whole link from the e-mail, or change your preferences in the app."),

  // E-mail templates, themes and drafts
  emailTemplateNotFound: defineStatusError(404, "No template found with given id"),
  emailThemeNotFound: defineStatusError(404, "No theme found with given id"),
  // render-email answers unknown ids with 400 (Stack), where the resources' own routes answer 404.
  renderTemplateNotFound: defineStatusError(400, "No template found with given id"),
  renderThemeNotFound: defineStatusError(400, "No theme found with given id"),
  emailDraftNotFound: defineStatusError(404, "No draft found with given id"),

  // The e-mail editor's AI assistant
  aiChatProviderFailed: defineStatusError(502, (d: { reason: string }) => `The AI assistant's provider did not answer: ${d.reason}`),
  aiChatThreadFull: defineStatusError(400, (d: { maxMessages: number }) => `This chat thread already holds ${d.maxMessages} messages, the most one thread keeps. Start a new thread.`),
  aiChatThreadTooLarge: defineStatusError(400, (d: { maxChars: number }) =>
    `This chat thread would hold more than ${d.maxChars} characters of messages, the most one thread keeps. Start a new thread.`),
  aiChatTooManyThreads: defineStatusError(400, (d: { maxThreads: number }) =>
    `This project already keeps ${d.maxThreads} chat threads, the most one project keeps.`),

  // Operations (outside the API: /metrics)
  metricsTokenRequired: defineStatusError(401, "The metrics need the token set in LATCHKEY_METRICS_TOKEN, sent as Authorization: Bearer <token>."),
} as const;

export type StatusErrorName = keyof typeof statusErrors;

export function isStatusErrorName(name: string): name is StatusErrorName {
  return Object.hasOwn(statusErrors, name);
}
