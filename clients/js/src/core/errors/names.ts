/**
 * Stack's names for the known errors, each with the parent it extends (so `instanceof` a parent such as
 * `VerificationCodeError` matches its leaves, as in `@stackframe/js`), or null. The names are the SDK's
 * public surface; a name's code is the name in capitals with an underscore between words (`OAuth` and
 * `WebAuthn` count as one word), apart from the few Stack named otherwise (`codeExceptions`). The codes
 * the server sends and their statuses come from generated/known-errors.ts. Parents are listed before
 * their children. Abstract parents are never sent by the server.
 */
export const knownErrorNames = {
  RefreshTokenError: null,
  CannotDeleteCurrentSession: "RefreshTokenError",
  UnsupportedError: null,
  BodyParsingError: null,
  SchemaError: null,
  AllOverloadsFailed: null,
  ProjectAuthenticationError: null,
  PermissionIdAlreadyExists: null,
  CliAuthError: null,
  CliAuthExpiredError: null,
  CliAuthUsedError: null,
  InvalidProjectAuthentication: "ProjectAuthenticationError",
  ProjectKeyWithoutAccessType: "InvalidProjectAuthentication",
  InvalidAccessType: "InvalidProjectAuthentication",
  AccessTypeWithoutProjectId: "InvalidProjectAuthentication",
  AccessTypeRequired: "InvalidProjectAuthentication",
  CannotGetOwnUserWithoutUser: null,
  InsufficientAccessType: "InvalidProjectAuthentication",
  InvalidPublishableClientKey: "InvalidProjectAuthentication",
  InvalidSecretServerKey: "InvalidProjectAuthentication",
  InvalidSuperSecretAdminKey: "InvalidProjectAuthentication",
  InvalidAdminAccessToken: "InvalidProjectAuthentication",
  UnparsableAdminAccessToken: "InvalidAdminAccessToken",
  AdminAccessTokenExpired: "InvalidAdminAccessToken",
  InvalidProjectForAdminAccessToken: "InvalidAdminAccessToken",
  AdminAccessTokenIsNotAdmin: "InvalidAdminAccessToken",
  ProjectAuthenticationRequired: "ProjectAuthenticationError",
  ClientAuthenticationRequired: "ProjectAuthenticationRequired",
  ServerAuthenticationRequired: "ProjectAuthenticationRequired",
  ClientOrServerAuthenticationRequired: "ProjectAuthenticationRequired",
  ClientOrAdminAuthenticationRequired: "ProjectAuthenticationRequired",
  ClientOrServerOrAdminAuthenticationRequired: "ProjectAuthenticationRequired",
  AdminAuthenticationRequired: "ProjectAuthenticationRequired",
  ExpectedInternalProject: "ProjectAuthenticationError",
  SessionAuthenticationError: null,
  InvalidSessionAuthentication: "SessionAuthenticationError",
  InvalidAccessToken: "InvalidSessionAuthentication",
  UnparsableAccessToken: "InvalidAccessToken",
  AccessTokenExpired: "InvalidAccessToken",
  InvalidProjectForAccessToken: "InvalidAccessToken",
  ProviderRejected: "RefreshTokenError",
  RefreshTokenNotFoundOrExpired: "RefreshTokenError",
  UserWithEmailAlreadyExists: null,
  EmailNotVerified: null,
  UserIdDoesNotExist: null,
  UserNotFound: null,
  ApiKeyNotValid: null,
  ApiKeyNotFound: "ApiKeyNotValid",
  PublicApiKeyCannotBeRevoked: "ApiKeyNotValid",
  ProjectNotFound: null,
  CurrentProjectNotFound: null,
  BranchDoesNotExist: null,
  SignUpNotEnabled: null,
  PasswordAuthenticationNotEnabled: null,
  PasskeyAuthenticationNotEnabled: null,
  AnonymousAccountsNotEnabled: null,
  AnonymousAuthenticationNotAllowed: null,
  EmailPasswordMismatch: null,
  RedirectUrlNotWhitelisted: null,
  PasswordRequirementsNotMet: null,
  PasswordTooShort: "PasswordRequirementsNotMet",
  PasswordTooLong: "PasswordRequirementsNotMet",
  UserDoesNotHavePassword: null,
  VerificationCodeError: null,
  VerificationCodeNotFound: "VerificationCodeError",
  VerificationCodeExpired: "VerificationCodeError",
  VerificationCodeAlreadyUsed: "VerificationCodeError",
  VerificationCodeMaxAttemptsReached: "VerificationCodeError",
  PasswordConfirmationMismatch: null,
  EmailAlreadyVerified: null,
  EmailNotAssociatedWithUser: null,
  EmailIsNotPrimaryEmail: null,
  PasskeyRegistrationFailed: null,
  PasskeyWebAuthnError: null,
  PasskeyAuthenticationFailed: null,
  PermissionNotFound: null,
  PermissionScopeMismatch: null,
  ContainedPermissionNotFound: null,
  TeamNotFound: null,
  TeamMembershipNotFound: null,
  EmailTemplateAlreadyExists: null,
  OAuthConnectionNotConnectedToUser: null,
  OAuthConnectionAlreadyConnectedToAnotherUser: null,
  OAuthConnectionDoesNotHaveRequiredScope: null,
  OAuthExtraScopeNotAvailableWithSharedOAuthKeys: null,
  OAuthAccessTokenNotAvailableWithSharedOAuthKeys: null,
  InvalidOAuthClientIdOrSecret: null,
  InvalidScope: null,
  UserAlreadyConnectedToAnotherOAuthConnection: null,
  OuterOAuthTimeout: null,
  OAuthProviderNotFoundOrNotEnabled: null,
  OAuthProviderAccountIdAlreadyUsedForSignIn: null,
  MultiFactorAuthenticationRequired: null,
  InvalidTotpCode: null,
  UserAuthenticationRequired: null,
  TeamMembershipAlreadyExists: null,
  ProjectPermissionRequired: null,
  TeamPermissionRequired: null,
  InvalidSharedOAuthProviderId: null,
  InvalidStandardOAuthProviderId: null,
  InvalidAuthorizationCode: null,
  TeamPermissionNotFound: null,
  OAuthProviderAccessDenied: null,
  ContactChannelAlreadyUsedForAuthBySomeoneElse: null,
  InvalidPollingCodeError: null,
  ApiKeyExpired: "ApiKeyNotValid",
  ApiKeyRevoked: "ApiKeyNotValid",
  WrongApiKeyType: "ApiKeyNotValid",
  EmailRenderingError: null,
  RequiresCustomEmailServer: null,
  ItemNotFound: null,
  ItemCustomerTypeDoesNotMatch: null,
  CustomerDoesNotExist: null,
  OfferDoesNotExist: null,
  OfferCustomerTypeDoesNotMatch: null,
  ItemQuantityInsufficientAmount: null,
  StripeAccountInfoNotFound: null,
  DataVaultStoreDoesNotExist: null,
  DataVaultStoreHashedKeyDoesNotExist: null,
  WorkflowTokenDoesNotExist: null,
  WorkflowTokenExpired: null,
} as const;

export type KnownErrorName = keyof typeof knownErrorNames;

/** The codes that do not follow from their names. */
const codeExceptions = {
  UserWithEmailAlreadyExists: "USER_EMAIL_ALREADY_EXISTS",
  VerificationCodeError: "VERIFICATION_ERROR",
  PermissionScopeMismatch: "WRONG_PERMISSION_SCOPE",
  InvalidPollingCodeError: "INVALID_POLLING_CODE",
} as const;

/** `OAuth` and `WebAuthn` are one word in the codes (`OAUTH_…`, `PASSKEY_WEBAUTHN_ERROR`). */
type OneWord<S extends string> = S extends `${infer A}OAuth${infer B}` ? OneWord<`${A}Oauth${B}`> : S extends `${infer A}WebAuthn${infer B}` ? OneWord<`${A}Webauthn${B}`> : S;
/** `UserNotFound` -> `USER_NOT_FOUND`. */
type Capitals<S extends string, Out extends string = ""> = S extends `${infer C}${infer Rest}`
  ? Capitals<Rest, `${Out}${C extends Lowercase<C> ? Uppercase<C> : Out extends "" ? C : `_${C}`}`>
  : Out;

/** The code of the known error called `N`. */
export type CodeOf<N extends KnownErrorName> = N extends keyof typeof codeExceptions ? (typeof codeExceptions)[N] : Capitals<OneWord<N>>;

/** The code of the known error called `name`: what `CodeOf` says, at run time. */
export function codeOf<N extends KnownErrorName>(name: N): CodeOf<N> {
  const exception = (codeExceptions as Partial<Record<string, string>>)[name];
  const code = exception ?? name.replace(/OAuth|WebAuthn/g, (word) => word[0] + word.slice(1).toLowerCase()).replace(/\B[A-Z]/g, "_$&").toUpperCase();
  return code as CodeOf<N>;
}
