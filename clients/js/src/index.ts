/**
 * Latchkey's JavaScript SDK: the client, server and admin apps with Stack's public surface (also exported
 * under Stack's names, so an app moves over by changing its import), the known errors as classes, and the
 * token stores.
 */
export { packageName, version } from "./version.js";
export { LatchkeyClientApp, LatchkeyClientApp as StackClientApp, type ClientAppOptions, type GetUserOptions, type RedirectOptions } from "./apps/client-app.js";
export { LatchkeyServerApp, LatchkeyServerApp as StackServerApp, type ServerAppOptions, type CurrentServerUser, type ServerListUsersOptions, type ServerUserCreateOptions } from "./apps/server-app.js";
export { LatchkeyAdminApp, LatchkeyAdminApp as StackAdminApp, type AdminAppOptions, type PermissionDefinition, type InternalApiKeyCreateOptions, type EmailConfig, type AdminTransaction, type ListTransactionsOptions, type StripeAccountInfo } from "./apps/admin-app.js";
export { KnownError, type KnownErrorJson } from "./core/errors/known-error.js";
export { KnownErrors, type KnownErrorClass } from "./core/errors/known-errors.js";
export { ConnectivityError, HttpError, OfflineError } from "./core/errors/http-errors.js";
export type { Result } from "./result.js";
export type { TokenStoreInit, RequestLike } from "./core/tokens/token-store.js";
export type { HandlerUrls, RedirectMethod } from "./apps/urls.js";
export type { CurrentUser } from "./apps/objects/user.js";
export { isCurrentInternalUser, type CurrentInternalUser } from "./apps/objects/internal-user.js";
export type { ServerUser } from "./apps/objects/server-user.js";
export type { Team, TeamUser, TeamInvitation, TeamMemberProfile } from "./apps/objects/team.js";
export type { ServerTeam, ServerTeamUser } from "./apps/objects/server-user.js";
export type { ContactChannel } from "./apps/objects/contact-channel.js";
export type { ServerOAuthProvider, ServerOAuthProviderCreateOptions, ServerOAuthProviderUpdateOptions } from "./apps/objects/oauth-provider.js";
export type { ApiKey } from "./apps/objects/api-key.js";
export type { Item, ServerItem } from "./apps/objects/item.js";
export type { Project, ProjectConfig } from "./apps/objects/project.js";
export type { AdminProject } from "./apps/objects/admin-project.js";
export type { ActiveSession } from "./apps/objects/session.js";
export type { AuthorizedApp } from "./apps/objects/authorized-app.js";
export type { DataVaultStore } from "./apps/objects/data-vault.js";
export type { CheckoutUrlOptions, InlineOffer } from "./apps/objects/customer.js";
export type { NotificationCategory } from "./apps/objects/notification-category.js";
export type { AdminSentEmail, EmailDraft, EmailPreviewOptions, EmailTemplate, EmailTheme, SendEmailOptions, ThemeChoice } from "./apps/objects/emails.js";
export type * from "./stack-names.js";
