import type { AsyncCache } from "../core/cache/async-cache.js";
import { KnownErrors } from "../core/errors/known-errors.js";
import type { Result } from "../result.js";
import type { Session } from "../core/tokens/session.js";
import { type ClientAppOptions, type GetUserOptions, LatchkeyClientApp } from "./client-app.js";
import { type ClientUserJson, type ServerUserJson, serverApi } from "./context.js";
import { createDataVaultStore, type DataVaultStore } from "./objects/data-vault.js";
import { sendEmailBody, type SendEmailOptions } from "./objects/emails.js";
import { getServerItem, type ItemOwner, type ServerItem } from "./objects/item.js";
import { createOAuthProviderLink, type ServerOAuthProvider, type ServerOAuthProviderCreateOptions } from "./objects/oauth-provider.js";
import { createServerTeam, createServerUser, serverUserUpdateBody, type ServerTeam, type ServerUser } from "./objects/server-user.js";
import { authMethods } from "./objects/user.js";
import { userAuthExtras } from "./objects/user-auth-extras.js";
import { authorizedAppMethods } from "./objects/authorized-app.js";

/** The session-bound extras of the signed-in user that a server user does not already have. */
function sessionExtras(...args: Parameters<typeof userAuthExtras>) {
  const { registerPasskey, getConnectedAccount } = userAuthExtras(...args);
  return { registerPasskey, getConnectedAccount, ...authorizedAppMethods(args[0], args[1]) };
}

export interface ServerAppOptions extends ClientAppOptions {
  secretServerKey?: string;
  /**
   * The address of the end user the current request is for (Latchkey only; Stack has no such option).
   * Asked before every request; its answer goes out as `x-latchkey-end-user-ip` with the secret server
   * key, and the server's per-address limits (sign-in, sign-up, codes) count that address instead of
   * this server's, so one busy app does not use up its users' allowance. Return null when unknown.
   * @example
   * ```ts
   * import { headers } from "next/headers";
   * const app = new LatchkeyServerApp({
   *   tokenStore: "nextjs-cookie",
   *   endUserIp: async () => (await headers()).get("x-real-ip"),
   * });
   * ```
   */
  endUserIp?: () => string | null | undefined | Promise<string | null | undefined>;
}

export interface ServerUserCreateOptions {
  primaryEmail?: string | null;
  primaryEmailAuthEnabled?: boolean;
  password?: string;
  otpAuthEnabled?: boolean;
  displayName?: string;
  primaryEmailVerified?: boolean;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
}

export interface ServerListUsersOptions {
  cursor?: string;
  limit?: number;
  orderBy?: "signedUpAt";
  desc?: boolean;
  query?: string;
  includeAnonymous?: boolean;
}

export type CurrentServerUser = ServerUser & ReturnType<typeof authMethods> & Pick<ReturnType<typeof userAuthExtras>, "registerPasskey" | "getConnectedAccount"> & ReturnType<typeof authorizedAppMethods>;

async function nullIf<T>(run: () => Promise<T>, ...errors: (abstract new (...args: never[]) => unknown)[]): Promise<T | null> {
  try {
    return await run();
  } catch (caught) {
    if (errors.some((Class) => caught instanceof Class)) return null;
    throw caught;
  }
}

/**
 * The server app: everything the client app does, plus managing any user, team and item of the project with
 * the secret server key. Never ship it to browsers. Stack's `StackServerApp`.
 *
 * @example
 * ```ts
 * const app = new LatchkeyServerApp({ baseUrl, projectId, publishableClientKey, secretServerKey, tokenStore: "memory" });
 * const user = await app.createUser({ primaryEmail: "ada@example.com", password: "a long passphrase", primaryEmailAuthEnabled: true });
 * ```
 */
export class LatchkeyServerApp extends LatchkeyClientApp {
  constructor(options: ServerAppOptions & { superSecretAdminKey?: string; projectOwnerSession?: Session }) {
    super({ ...options, secretServerKey: options.secretServerKey ?? (options.projectOwnerSession ? undefined : (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.STACK_SECRET_SERVER_KEY) });
  }

  /** @internal The signed-in user's server JSON, keyed by session. */
  override _currentUserCache(): AsyncCache<[Session], ClientUserJson | null> {
    return this._context.cache<[Session], ServerUserJson | null>("currentServerUser", async ([s]) => {
      if (s.isKnownToBeInvalid()) return null;
      try {
        return await serverApi(this._context)("get", "/users/me", {}, s);
      } catch (caught) {
        if (caught instanceof KnownErrors.CannotGetOwnUserWithoutUser) return null;
        throw caught;
      }
    }) as unknown as AsyncCache<[Session], ClientUserJson | null>;
  }

  /** @internal */
  override _currentUserFromJson(session: Session, json: ClientUserJson): never {
    const user = Object.assign(createServerUser(this._context, json as ServerUserJson), authMethods(this._context, session), sessionExtras(this._context, session, json));
    return (this.projectId === "internal" ? Object.assign(user, super._currentUserFromJson(session, json)) : user) as never;
  }

  /**
   * The signed-in user with server fields; a user by id; or the owner of an API key. Unknown ids and
   * invalid keys answer null.
   * @example
   * ```ts
   * const user = await app.getUser(userId);
   * const fromRequest = await app.getUser({ tokenStore: request });
   * const fromKey = await app.getUser({ apiKey });
   * ```
   */
  override async getUser(options: GetUserOptions & { or: "redirect" | "throw" | "anonymous" }): Promise<CurrentServerUser>;
  override async getUser(options?: GetUserOptions): Promise<CurrentServerUser | null>;
  override async getUser(id: string): Promise<ServerUser | null>;
  override async getUser(options: { apiKey: string }): Promise<ServerUser | null>;
  override async getUser(arg?: string | GetUserOptions | { apiKey: string }): Promise<ServerUser | CurrentServerUser | null> {
    const api = serverApi(this._context);
    if (typeof arg === "string") {
      return nullIf(async () => createServerUser(this._context, await api("get", "/users/{user_id}", { path: { user_id: arg } })), KnownErrors.UserNotFound);
    }
    if (arg && "apiKey" in arg) {
      const key = await nullIf(() => api("post", "/user-api-keys/check", { body: { api_key: arg.apiKey } }), KnownErrors.ApiKeyNotValid, KnownErrors.SchemaError);
      return key ? this.getUser(key.user_id) : null;
    }
    return (await super.getUser(arg)) as unknown as CurrentServerUser | null;
  }

  /**
   * A data vault store (declared in the project's configuration); makes no request, so an unknown id only
   * fails (`DataVaultStoreDoesNotExist`) when a value is read or written.
   * @example
   * ```ts
   * const store = await app.getDataVaultStore("secrets");
   * await store.setValue("stripe-token", "sk_live_…", { secret: process.env.VAULT_SECRET! });
   * ```
   */
  async getDataVaultStore(id: string): Promise<DataVaultStore> {
    return Promise.resolve(createDataVaultStore(this._context, id));
  }

  /**
   * The signed-in user with server fields, or null; the same as `getUser()`.
   * @deprecated Use `getUser()`.
   * @example `const user = await app.getServerUser();`
   */
  getServerUser(): Promise<CurrentServerUser | null> {
    return this.getUser();
  }

  /**
   * Creates a user and answers it. Throws `UserWithEmailAlreadyExists` when another user signs in with that
   * e-mail, and `PasswordTooShort` / `PasswordTooLong` for a password outside the limits.
   * @example
   * ```ts
   * const user = await app.createUser({ primaryEmail: "ada@example.com", primaryEmailVerified: true, password: "a long passphrase", primaryEmailAuthEnabled: true });
   * ```
   */
  async createUser(options: ServerUserCreateOptions): Promise<ServerUser> {
    const { password, ...rest } = options;
    const created = await serverApi(this._context)("post", "/users", {
      body: {
        ...serverUserUpdateBody(rest),
        ...(password !== undefined && { password }),
        otp_auth_enabled: options.otpAuthEnabled,
      },
    });
    this.changed();
    return createServerUser(this._context, created);
  }

  /**
   * A page of users; `nextCursor` reads the next one.
   * @example
   * ```ts
   * const page = await app.listUsers({ limit: 50, query: "ada" });
   * ```
   */
  async listUsers(options: ServerListUsersOptions = {}): Promise<ServerUser[] & { nextCursor: string | null }> {
    const answer = await serverApi(this._context)("get", "/users", {
      query: {
        cursor: options.cursor,
        limit: options.limit,
        ...(options.orderBy !== undefined && { order_by: "signed_up_at" as const }),
        desc: options.desc,
        query: options.query,
        include_anonymous: options.includeAnonymous,
      },
    });
    const users = answer.items.map((u) => createServerUser(this._context, u));
    return Object.assign(users, { nextCursor: answer.pagination?.next_cursor ?? null });
  }

  /** Creates a team and answers it; with `creatorUserId`, that user joins it as its creator. @example `const team = await app.createTeam({ displayName: "Lab", creatorUserId: user.id });` */
  async createTeam(data: { displayName: string; profileImageUrl?: string; creatorUserId?: string }): Promise<ServerTeam> {
    const created = await serverApi(this._context)("post", "/teams", {
      body: { display_name: data.displayName, profile_image_url: data.profileImageUrl, creator_user_id: data.creatorUserId },
    });
    this.changed();
    return createServerTeam(this._context, created);
  }

  /**
   * A team by id, or the team of an API key; null when unknown.
   * @example
   * ```ts
   * const team = await app.getTeam(teamId);
   * ```
   */
  async getTeam(arg: string | { apiKey: string }): Promise<ServerTeam | null> {
    const api = serverApi(this._context);
    if (typeof arg === "string") {
      return nullIf(async () => createServerTeam(this._context, await api("get", "/teams/{team_id}", { path: { team_id: arg } })), KnownErrors.TeamNotFound);
    }
    const key = await nullIf(() => api("post", "/team-api-keys/check", { body: { api_key: arg.apiKey } }), KnownErrors.ApiKeyNotValid, KnownErrors.SchemaError);
    return key ? this.getTeam(key.team_id) : null;
  }

  /** Every team of the project. @example `const teams = await app.listTeams();` */
  async listTeams(): Promise<ServerTeam[]> {
    const { items } = await serverApi(this._context)("get", "/teams", {});
    return items.map((t) => createServerTeam(this._context, t));
  }

  /**
   * Links a provider account to a user without a sign-in (an import, an account known by other means).
   * An account that already signs in another user is an error result.
   * @example
   * ```ts
   * const linked = await app.createOAuthProvider({ userId, providerConfigId: "github", accountId: "1001", email: "ada@example.com", allowSignIn: true, allowConnectedAccounts: false });
   * if (linked.status === "error") console.log(linked.error.errorCode);
   * ```
   */
  createOAuthProvider(options: ServerOAuthProviderCreateOptions): Promise<Result<ServerOAuthProvider, InstanceType<typeof KnownErrors.OAuthProviderAccountIdAlreadyUsedForSignIn>>> {
    return createOAuthProviderLink(this._context, options);
  }

  /** An item with the methods that change its quantity. @example `const credits = await app.getItem({ itemId: "credits", userId });` */
  override getItem(owner: ItemOwner): Promise<ServerItem> {
    return getServerItem(this._context, owner);
  }

  /**
   * Sends an e-mail (HTML, a template with variables, or a draft) to some users or all of them; delivery
   * is queued, and the sent log (`listSentEmails` on the admin app) shows failures.
   * @example
   * ```ts
   * await app.sendEmail({ userIds: [userId], subject: "Hello", html: "<p>Welcome aboard.</p>" });
   * await app.sendEmail({ allUsers: true, templateId, variables: { name: "Ada" }, notificationCategoryName: "Marketing" });
   * ```
   */
  async sendEmail(options: SendEmailOptions): Promise<void> {
    await serverApi(this._context)("post", "/emails/send-email", { body: sendEmailBody(options) });
    this._context.changed();
  }
}
