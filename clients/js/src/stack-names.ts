/**
 * Stack's exported type names that our modules call otherwise or leave implicit, under Stack's names, so
 * code written against `@stackframe/js` (or `@stackframe/stack`) that names them compiles unchanged.
 * Each is a name for one of our types, not a second declaration (test/packages/stack-exports.test.ts lists
 * Stack's exports and fails on any we lack).
 */
import type { AdminAppOptions, LatchkeyAdminApp, PermissionDefinition } from "./apps/admin-app.js";
import type { ClientAppOptions, LatchkeyClientApp } from "./apps/client-app.js";
import type { CurrentServerUser, LatchkeyServerApp, ServerAppOptions } from "./apps/server-app.js";
import type { AdminProject } from "./apps/objects/admin-project.js";
import type { CurrentInternalUser } from "./apps/objects/internal-user.js";
import type { ProjectConfig } from "./apps/objects/project.js";
import type { ServerTeamUser, ServerUser } from "./apps/objects/server-user.js";
import type { CurrentUser } from "./apps/objects/user.js";
import type { Permission } from "./apps/objects/permissions.js";
import type { OAuthConnection } from "./apps/objects/user-auth-extras.js";

export type { AdminProjectConfigUpdateOptions, AdminProjectUpdateOptions } from "./apps/objects/admin-project.js";
export type { EditableTeamMemberProfile } from "./apps/objects/user.js";
export type { OAuthConnection, OAuthProvider } from "./apps/objects/user-auth-extras.js";
export type { TeamCreateOptions, TeamUpdateOptions } from "./apps/objects/team.js";
export type { ServerTeamUpdateOptions } from "./apps/objects/server-user.js";
export type { EmailConfig as AdminEmailConfig } from "./apps/admin-app.js";

type Awaited1<F> = F extends (...args: never[]) => Promise<infer R> ? R : never;

/** The fields and methods every user object has (the signed-in user's and a server's). */
export type User = Pick<CurrentUser, keyof CurrentUser & keyof ServerUser>;
/** A user's session: `user.currentSession`. */
export type Session = CurrentUser["currentSession"];
/** What a signed-in user object carries about its session (sign-out, tokens, auth headers). */
export type Auth = Pick<CurrentUser, "currentSession" | "signOut" | "getAuthHeaders" | "getAuthJson">;
/** A connected account, as `getConnectedAccount` answers it. */
export type Connection = Pick<OAuthConnection, "id">;
/** A project owner's user on the server (the internal project's server app). */
export type CurrentInternalServerUser = CurrentServerUser & Omit<CurrentInternalUser, keyof CurrentUser>;
export type ServerContactChannel = Awaited1<ServerUser["listContactChannels"]>[number];
export type ServerTeamMemberProfile = ServerTeamUser["teamProfile"];
export type ServerTeamCreateOptions = Parameters<LatchkeyServerApp["createTeam"]>[0];
export type OAuthScopesOnSignIn = NonNullable<ClientAppOptions["oauthScopesOnSignIn"]>;

export type AdminProjectConfig = AdminProject["config"];
export type AdminDomainConfig = AdminProjectConfig["domains"][number];
export type AdminOAuthProviderConfig = AdminProjectConfig["oauthProviders"][number];
export type OAuthProviderConfig = ProjectConfig["oauthProviders"][number];
export type AdminOwnedProject = Awaited1<CurrentInternalUser["createProject"]>;
export type AdminProjectCreateOptions = Parameters<CurrentInternalUser["createProject"]>[0];
export type AdminTeamPermission = Permission;
export type AdminProjectPermission = Permission;
export type AdminTeamPermissionDefinition = PermissionDefinition;
export type AdminProjectPermissionDefinition = PermissionDefinition;
export type AdminTeamPermissionDefinitionCreateOptions = Parameters<LatchkeyAdminApp["createTeamPermissionDefinition"]>[0];
export type AdminTeamPermissionDefinitionUpdateOptions = Parameters<LatchkeyAdminApp["updateTeamPermissionDefinition"]>[1];
export type AdminProjectPermissionDefinitionCreateOptions = Parameters<LatchkeyAdminApp["createProjectPermissionDefinition"]>[0];
export type AdminProjectPermissionDefinitionUpdateOptions = Parameters<LatchkeyAdminApp["updateProjectPermissionDefinition"]>[1];
export type InternalApiKey = Awaited1<LatchkeyAdminApp["listInternalApiKeys"]>[number];
export type InternalApiKeyBase = InternalApiKey;
export type InternalApiKeyFirstView = Awaited1<LatchkeyAdminApp["createInternalApiKey"]>;

export type StackClientAppConstructorOptions = ClientAppOptions;
export type StackServerAppConstructorOptions = ServerAppOptions;
export type StackAdminAppConstructorOptions = AdminAppOptions;
export type StackClientAppConstructor = typeof LatchkeyClientApp;
export type StackServerAppConstructor = typeof LatchkeyServerApp;
export type StackAdminAppConstructor = typeof LatchkeyAdminApp;
/** The client app's settings as JSON (what a server hands a browser to build the same app). */
export type StackClientAppJson = ClientAppOptions & { uniqueIdentifier: string };
