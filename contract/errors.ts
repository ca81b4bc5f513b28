/**
 * The known-error table: every error code the API may send, its HTTP status, the `details` object
 * clients decode, and our message. Codes, statuses and details keys are the wire protocol; the
 * messages are ours. Keep it the only place where error codes are defined.
 *
 * Only leaf codes belong here: the SDK cannot decode the abstract parent codes (such as
 * INVALID_ACCESS_TOKEN or VERIFICATION_ERROR) nor TEAM_ALREADY_EXISTS, so they are never sent. One
 * exception: PASSWORD_REQUIREMENTS_NOT_MET decodes when its details carry `message` (the SDK's base
 * decoder reads `details.message`), so a rule beyond length (a common password) answers it and the SDK's
 * sign-up, reset and change flows treat it like PASSWORD_TOO_SHORT.
 * Some errors carry details the SDK's decoder needs even though the reference server omits them
 * (`message`, `accessType`, `scope`); `ADMIN_ACCESS_TOKEN_EXPIRED` always sends a null expiry
 * because the SDK cannot decode a number there.
 */
import { z } from "zod";
import { defineError } from "./error-spec.js";
import { customerTypes } from "./fields.js";
import { accessTypes } from "./access-types.js";

// Detail shapes shared by several errors.
const message = z.object({ message: z.string() });
const projectId = z.object({ project_id: z.string() });
const accessType = z.enum(accessTypes);
const permissionId = z.object({ permission_id: z.string() });
const teamPermission = z.object({ team_id: z.string(), user_id: z.string(), permission_id: z.string() });
const providerId = z.object({ provider_id: z.string() });
const permissionScope = z.enum(["team", "project"]);
const customerType = z.enum(customerTypes);
const apiKeyType = z.enum(["user", "team"]);

const unverifiedEmailHint =
  " but the email is not verified. Please login to your existing account with the method you used to sign up, and then verify your email to sign in with this login method.";

export const knownErrors = {
  // 3.1 Request, schema and project authentication
  UNSUPPORTED_ERROR: defineError(500, z.object({ originalErrorCode: z.string() }), (d) =>
    `This error is not supported by this version of the client. Its code was ${d.originalErrorCode}.`),
  BODY_PARSING_ERROR: defineError(400, message, (d) => d.message),
  SCHEMA_ERROR: defineError(400, message, (d) => d.message),
  ALL_OVERLOADS_FAILED: defineError(400, z.object({ overload_errors: z.array(z.json()) }), (d) =>
    [
      `The request matched none of the ${d.overload_errors.length} forms this endpoint accepts.`,
      ...d.overload_errors.map((e, i) => `Form ${i + 1}: ${JSON.stringify(e)}`),
    ].join("\n")),
  PROJECT_KEY_WITHOUT_ACCESS_TYPE: defineError(400, null,
    "A project key or admin access token was sent without the x-stack-access-type header. Set that header to 'client', 'server' or 'admin'."),
  INVALID_ACCESS_TYPE: defineError(400, z.object({ accessType: z.string() }), (d) =>
    `The x-stack-access-type header was '${d.accessType}'; it must be 'client', 'server' or 'admin'.`),
  ACCESS_TYPE_WITHOUT_PROJECT_ID: defineError(400, z.object({ request_type: accessType }), (d) =>
    `The x-stack-access-type header was '${d.request_type}', but the x-stack-project-id header was not provided.`),
  ACCESS_TYPE_REQUIRED: defineError(400, null,
    "You must specify an access level for this Stack project. Make sure project API keys are provided (eg. x-stack-publishable-client-key) and you set the x-stack-access-type header to 'client', 'server', or 'admin'."),
  INSUFFICIENT_ACCESS_TYPE: defineError(401,
    z.object({ actual_access_type: accessType, allowed_access_types: z.array(accessType) }), (d) =>
      `The x-stack-access-type header must be '${d.allowed_access_types.join("' or '")}', but was '${d.actual_access_type}'.`),
  INVALID_PUBLISHABLE_CLIENT_KEY: defineError(401, projectId, (d) =>
    `The publishable key is not valid for the project "${d.project_id}". Does the project and/or the key exist?`),
  INVALID_SECRET_SERVER_KEY: defineError(401, projectId, (d) =>
    `The secret server key is not valid for project "${d.project_id}". Check that the project and the key exist and that the key is neither revoked nor expired.`),
  INVALID_SUPER_SECRET_ADMIN_KEY: defineError(401, projectId, (d) =>
    `The super secret admin key is not valid for the project "${d.project_id}". Does the project and/or the key exist?`),
  UNPARSABLE_ADMIN_ACCESS_TOKEN: defineError(401, null, "Admin access token is not parsable."),
  ADMIN_ACCESS_TOKEN_EXPIRED: defineError(401, z.object({ expired_at_millis: z.null() }),
    "The admin access token has expired. Refresh it and retry the request."),
  INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN: defineError(401, null,
    "Admin access tokens are only valid when issued by the internal project."),
  ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN: defineError(401, null,
    "The admin access token belongs to a user who may not administer this project."),
  CLIENT_AUTHENTICATION_REQUIRED: defineError(401, null,
    "This request needs the publishable client key (x-stack-publishable-client-key)."),
  SERVER_AUTHENTICATION_REQUIRED: defineError(401, null, "The secret server key must be provided."),
  CLIENT_OR_SERVER_AUTHENTICATION_REQUIRED: defineError(401, null,
    "This request needs the publishable client key or the secret server key."),
  CLIENT_OR_ADMIN_AUTHENTICATION_REQUIRED: defineError(401, null,
    "This request needs the publishable client key or the super secret admin key."),
  CLIENT_OR_SERVER_OR_ADMIN_AUTHENTICATION_REQUIRED: defineError(401, null,
    "This request needs the publishable client key, the secret server key or the super secret admin key."),
  ADMIN_AUTHENTICATION_REQUIRED: defineError(401, null,
    "This request needs the super secret admin key (x-stack-super-secret-admin-key)."),
  EXPECTED_INTERNAL_PROJECT: defineError(401, null, "This endpoint can only be called on the internal project."),
  PROJECT_NOT_FOUND: defineError(404, projectId, (d) =>
    `Project "${d.project_id}" does not exist or the current user cannot access it.`),
  CURRENT_PROJECT_NOT_FOUND: defineError(400, projectId, (d) =>
    `The current project with ID ${d.project_id} was not found. Please check the value of the x-stack-project-id header.`),
  BRANCH_DOES_NOT_EXIST: defineError(400, z.object({ branch_id: z.string() }), (d) =>
    `Branch "${d.branch_id}" does not exist.`),
  WORKFLOW_TOKEN_DOES_NOT_EXIST: defineError(400, null,
    "The workflow token you specified does not exist. Make sure the value in x-stack-workflow-token is correct."),
  WORKFLOW_TOKEN_EXPIRED: defineError(400, null,
    "The workflow token you specified has expired. Make sure the value in x-stack-workflow-token is correct."),

  // 3.2 Access tokens, refresh tokens, sessions
  UNPARSABLE_ACCESS_TOKEN: defineError(401, null, "Access token is not parsable."),
  ACCESS_TOKEN_EXPIRED: defineError(401, z.object({ expired_at_millis: z.number().nullable() }), (d) => {
    const at = d.expired_at_millis;
    const when = at !== null && Number.isFinite(at) ? ` It expired at ${new Date(at).toISOString()}.` : "";
    return `The access token has expired.${when} Refresh it and retry the request.`;
  }),
  INVALID_PROJECT_FOR_ACCESS_TOKEN: defineError(401,
    z.object({ expected_project_id: z.string(), actual_project_id: z.string() }), (d) =>
      `The access token was issued for project "${d.actual_project_id}", but this request is for project "${d.expected_project_id}".`),
  REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED: defineError(401, null,
    "Refresh token not found for this project, or the session has expired/been revoked."),
  PROVIDER_REJECTED: defineError(401, null,
    "The sign-in provider no longer accepts this session. The user has to sign in again."),
  CANNOT_DELETE_CURRENT_SESSION: defineError(400, null, "Cannot delete the current session."),
  ANONYMOUS_AUTHENTICATION_NOT_ALLOWED: defineError(401, null,
    "X-Stack-Access-Token is for an anonymous user, but anonymous users are not enabled. Set the X-Stack-Allow-Anonymous-User header of this request to 'true' to allow anonymous users."),
  USER_AUTHENTICATION_REQUIRED: defineError(401, null, "User authentication required for this endpoint."),
  CANNOT_GET_OWN_USER_WITHOUT_USER: defineError(400, null,
    "You have specified 'me' as a userId, but did not provide authentication for a user."),

  // 3.3 Users, sign-up/sign-in, passwords, e-mail
  USER_EMAIL_ALREADY_EXISTS: defineError(409,
    z.object({ email: z.string(), would_work_if_email_was_verified: z.boolean() }), (d) =>
      `A user with email "${d.email}" already exists${d.would_work_if_email_was_verified ? unverifiedEmailHint : "."}`),
  USER_ID_DOES_NOT_EXIST: defineError(400, z.object({ user_id: z.string() }), (d) =>
    `The given user with the ID ${d.user_id} does not exist.`),
  USER_NOT_FOUND: defineError(404, null, "User not found."),
  EMAIL_NOT_VERIFIED: defineError(400, null, "The e-mail address has not been verified."),
  SIGN_UP_NOT_ENABLED: defineError(400, null,
    "Creation of new accounts is not enabled for this project. Please ask the project owner to enable it."),
  PASSWORD_AUTHENTICATION_NOT_ENABLED: defineError(400, null, "Password authentication is not enabled for this project."),
  PASSKEY_AUTHENTICATION_NOT_ENABLED: defineError(400, null, "Passkey authentication is not enabled for this project."),
  ANONYMOUS_ACCOUNTS_NOT_ENABLED: defineError(400, null, "This project does not allow anonymous accounts."),
  EMAIL_PASSWORD_MISMATCH: defineError(400, null, "Wrong e-mail or password."),
  REDIRECT_URL_NOT_WHITELISTED: defineError(400, null,
    "Redirect URL not whitelisted. Did you forget to add this domain to the trusted domains list on the Stack Auth dashboard?"),
  PASSWORD_TOO_SHORT: defineError(400, z.object({ min_length: z.number().int() }), (d) =>
    `Password too short. Minimum length is ${d.min_length}.`),
  PASSWORD_TOO_LONG: defineError(400, z.object({ maxLength: z.number().int() }), (d) =>
    `The password is too long: it may have at most ${d.maxLength} characters.`),
  // `rule` (Latchkey's addition, which the SDK's decoder ignores) names the rule a page shows as failed.
  PASSWORD_REQUIREMENTS_NOT_MET: defineError(400,
    z.object({ message: z.string(), rule: z.enum(["too_common", "too_guessable"]).optional() }), (d) => d.message),
  USER_DOES_NOT_HAVE_PASSWORD: defineError(400, null, "This user has no password to sign in with."),
  PASSWORD_CONFIRMATION_MISMATCH: defineError(400, null, "Passwords do not match."),
  EMAIL_ALREADY_VERIFIED: defineError(409, null, "The e-mail is already verified."),
  EMAIL_NOT_ASSOCIATED_WITH_USER: defineError(400, null,
    "No user can sign in with this e-mail address."),
  EMAIL_IS_NOT_PRIMARY_EMAIL: defineError(400, z.object({ email: z.string(), primary_email: z.string() }), (d) =>
    `The e-mail address "${d.email}" is not the user's primary e-mail address ("${d.primary_email}").`),
  CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE: defineError(409,
    z.object({
      type: z.literal("email"),
      contact_channel_value: z.string().nullable(),
      would_work_if_email_was_verified: z.boolean(),
    }), (d) => {
      const which = d.contact_channel_value === null ? "This e-mail address" : `The e-mail address "${d.contact_channel_value}"`;
      return `${which} is already used to sign in to another account.${d.would_work_if_email_was_verified ? unverifiedEmailHint : ""}`;
    }),

  // 3.4 Verification codes
  VERIFICATION_CODE_NOT_FOUND: defineError(404, null, "The verification code does not exist for this project."),
  VERIFICATION_CODE_EXPIRED: defineError(400, null, "The verification code has expired."),
  VERIFICATION_CODE_ALREADY_USED: defineError(409, null, "The verification code has already been used."),
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: defineError(400, null,
    "The verification code nonce has reached the maximum number of attempts. This code is not valid anymore."),

  // 3.5 Passkeys and MFA
  PASSKEY_REGISTRATION_FAILED: defineError(400, message, (d) => d.message),
  PASSKEY_WEBAUTHN_ERROR: defineError(400, z.object({ message: z.string(), code: z.string() }), (d) => d.message),
  PASSKEY_AUTHENTICATION_FAILED: defineError(400, message, (d) => d.message),
  MULTI_FACTOR_AUTHENTICATION_REQUIRED: defineError(400, z.object({ attempt_code: z.string() }),
    "Multi-factor authentication is required for this user."),
  INVALID_TOTP_CODE: defineError(400, null, "The TOTP code is not correct. Try again with a fresh code."),

  // 3.6 Teams and permissions
  TEAM_NOT_FOUND: defineError(404, z.object({ team_id: z.string() }), (d) => `Team "${d.team_id}" does not exist.`),
  TEAM_MEMBERSHIP_NOT_FOUND: defineError(404, z.object({ team_id: z.string(), user_id: z.string() }), (d) =>
    `User ${d.user_id} is not found in team ${d.team_id}.`),
  TEAM_MEMBERSHIP_ALREADY_EXISTS: defineError(409, null, "Team membership already exists."),
  PERMISSION_NOT_FOUND: defineError(404, permissionId, (d) =>
    `Permission "${d.permission_id}" not found. Make sure you created it on the dashboard.`),
  WRONG_PERMISSION_SCOPE: defineError(404,
    z.object({ permission_id: z.string(), expected_scope: permissionScope, actual_scope: permissionScope.nullable() }),
    (d) => d.actual_scope === null
      ? `Permission "${d.permission_id}" not found. Make sure you created it on the dashboard.`
      : `Permission "${d.permission_id}" not found. (It was found for a different scope "${d.actual_scope}", but scope "${d.expected_scope}" was expected.)`),
  CONTAINED_PERMISSION_NOT_FOUND: defineError(400, permissionId, (d) =>
    `Contained permission with ID "${d.permission_id}" not found. Make sure you created it on the dashboard.`),
  PERMISSION_ID_ALREADY_EXISTS: defineError(400, permissionId, (d) =>
    `Permission with ID "${d.permission_id}" already exists. Choose a different ID.`),
  PROJECT_PERMISSION_REQUIRED: defineError(401, z.object({ user_id: z.string(), permission_id: z.string() }), (d) =>
    `User "${d.user_id}" lacks the project permission "${d.permission_id}".`),
  TEAM_PERMISSION_REQUIRED: defineError(401, teamPermission, (d) =>
    `User ${d.user_id} does not have permission ${d.permission_id} in team ${d.team_id}.`),
  TEAM_PERMISSION_NOT_FOUND: defineError(401, teamPermission, (d) =>
    `User "${d.user_id}" lacks the permission "${d.permission_id}" in team "${d.team_id}".`),

  // 3.7 OAuth and connected accounts
  INVALID_OAUTH_CLIENT_ID_OR_SECRET: defineError(400, z.object({ client_id: z.string().nullable() }), (d) =>
    `The OAuth client credentials${d.client_id === null ? "" : ` for client id "${d.client_id}"`} are not valid. The client id must be the project id (optionally followed by '#' and a branch id) and the client secret must be the project's publishable client key.`),
  INVALID_SCOPE: defineError(400, z.object({ scope: z.string() }), (d) =>
    `"${d.scope}" is not an OAuth scope this server supports.`),
  INVALID_AUTHORIZATION_CODE: defineError(400, null, "The authorization code is not valid."),
  OUTER_OAUTH_TIMEOUT: defineError(408, null, "The OAuth sign-in took too long. Start it again."),
  OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED: defineError(400, null,
    "This OAuth provider does not exist or is not enabled for the project."),
  OAUTH_PROVIDER_ACCESS_DENIED: defineError(400, null, "The OAuth provider did not grant access."),
  OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN: defineError(400, null,
    "Another sign-in method already uses this provider account."),
  OAUTH_CONNECTION_NOT_CONNECTED_TO_USER: defineError(400, null, "No user is linked to this OAuth account."),
  OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER: defineError(409, null,
    "This OAuth account is already linked to a different user."),
  OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE: defineError(400, null,
    "The linked OAuth account was not granted the scopes this request needs."),
  OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: defineError(400, null,
    "Extra OAuth scopes need the project's own OAuth credentials; the shared development credentials do not support them."),
  OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: defineError(400, null,
    "Provider access tokens need the project's own OAuth credentials; the shared development credentials do not provide them."),
  USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION: defineError(409, null,
    "This user is already linked to a different account at this provider. Check that you picked the right account."),
  INVALID_SHARED_OAUTH_PROVIDER_ID: defineError(400, providerId, (d) =>
    `"${d.provider_id}" is not a provider that can use shared OAuth credentials.`),
  INVALID_STANDARD_OAUTH_PROVIDER_ID: defineError(400, providerId, (d) =>
    `"${d.provider_id}" is not a supported OAuth provider.`),

  // 3.8 API keys
  API_KEY_NOT_FOUND: defineError(404, null, "API key not found."),
  API_KEY_EXPIRED: defineError(401, null, "API key has expired."),
  API_KEY_REVOKED: defineError(401, null, "API key has been revoked."),
  WRONG_API_KEY_TYPE: defineError(400, z.object({ expected_type: apiKeyType, actual_type: apiKeyType }), (d) =>
    `This endpoint is for ${d.expected_type} API keys, but a ${d.actual_type} API key was provided.`),
  PUBLIC_API_KEY_CANNOT_BE_REVOKED: defineError(400, null,
    "Public API keys cannot be revoked through the secret-scanning endpoint."),

  // 3.9 CLI login
  INVALID_POLLING_CODE: defineError(400, null, "The polling code is invalid or does not exist."),
  CLI_AUTH_ERROR: defineError(400, message, (d) => d.message),
  CLI_AUTH_EXPIRED_ERROR: defineError(400, message, "CLI authentication request expired. Please try again."),
  CLI_AUTH_USED_ERROR: defineError(400, message, "This authentication token has already been used."),

  // 3.10 E-mails, payments, data vault
  EMAIL_RENDERING_ERROR: defineError(400, z.object({ error: z.string() }), (d) =>
    `The e-mail could not be rendered with its theme: ${d.error}`),
  REQUIRES_CUSTOM_EMAIL_SERVER: defineError(400, null,
    "This action requires a custom SMTP server. Please edit your email server configuration and try again."),
  EMAIL_TEMPLATE_ALREADY_EXISTS: defineError(409, null, "An e-mail template with this id already exists."),
  ITEM_NOT_FOUND: defineError(404, z.object({ item_id: z.string() }), (d) => `Item with ID "${d.item_id}" not found.`),
  ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH: defineError(400,
    z.object({
      item_id: z.string(),
      customer_id: z.string(),
      item_customer_type: customerType.nullable(),
      actual_customer_type: customerType,
    }), (d) =>
      `The ${d.actual_customer_type} with ID "${d.customer_id}" is not a valid customer for the item with ID "${d.item_id}". ` +
      (d.item_customer_type === null
        ? "The item has no customer type configured."
        : `The item is configured to only be available for ${d.item_customer_type} customers, but the customer is a ${d.actual_customer_type}.`)),
  CUSTOMER_DOES_NOT_EXIST: defineError(400, z.object({ customer_id: z.string() }), (d) =>
    `Customer "${d.customer_id}" does not exist.`),
  OFFER_DOES_NOT_EXIST: defineError(400, z.object({ offer_id: z.string(), access_type: accessType }), (d) =>
    d.access_type === "client"
      ? `Offer with ID "${d.offer_id}" does not exist or you don't have permissions to access it.`
      : `Offer with ID "${d.offer_id}" does not exist.`),
  OFFER_CUSTOMER_TYPE_DOES_NOT_MATCH: defineError(400,
    z.object({
      offer_id: z.string().nullable(),
      customer_id: z.string(),
      offer_customer_type: customerType.nullable(),
      actual_customer_type: customerType,
    }), (d) =>
      `The ${d.actual_customer_type} with ID "${d.customer_id}" is not a valid customer for the inline offer that has been passed in. ` +
      `The offer is configured to only be available for ${d.offer_customer_type ?? "no"} customers, but the customer is a ${d.actual_customer_type}.`),
  ITEM_QUANTITY_INSUFFICIENT_AMOUNT: defineError(400,
    z.object({ item_id: z.string(), customer_id: z.string(), quantity: z.number().int() }), (d) =>
      `The item with ID "${d.item_id}" has an insufficient quantity for the customer with ID "${d.customer_id}". An attempt was made to charge ${d.quantity} credits.`),
  STRIPE_ACCOUNT_INFO_NOT_FOUND: defineError(404, null,
    "Stripe account information not found. Please make sure the user has onboarded with Stripe."),
  DATA_VAULT_STORE_DOES_NOT_EXIST: defineError(400, z.object({ store_id: z.string() }), (d) =>
    `Data vault store with ID ${d.store_id} does not exist.`),
  DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST: defineError(400, z.object({ store_id: z.string(), hashed_key: z.string() }),
    (d) => `Data vault store with ID ${d.store_id} does not contain a key with hash ${d.hashed_key}.`),
} as const;
