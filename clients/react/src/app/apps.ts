import {
  LatchkeyAdminApp, LatchkeyClientApp, LatchkeyServerApp,
  type AdminProject, type AdminSentEmail, type AdminTransaction, type CurrentServerUser, type CurrentUser, type DataVaultStore, type EmailDraft, type EmailPreviewOptions,
  type EmailTemplate, type EmailTheme, type Item, type ListTransactionsOptions, type Project, type ServerItem, type ServerListUsersOptions, type ServerTeam, type ServerUser,
  type StripeAccountInfo,
} from "@latchkey/js";
import { registerOwnedProjectAdminApp } from "@latchkey/js/internal";
import { useProjectOf } from "../hooks/use-project.js";
import { useUserOf, type UseUserOptions } from "../hooks/use-user.js";
import { installObjectHooks, useObjectMethod, type Hooked } from "./object-hooks.js";

installObjectHooks();

type ItemOwner = Parameters<LatchkeyClientApp["getItem"]>[0];
type Or = { or: "redirect" | "throw" | "anonymous" };
/** The identity the app's own hook reads are keyed under. */
export const appIdentity = ["app"] as const;

/**
 * The client app with React hooks: everything `StackClientApp` of @latchkey/js does, plus `useUser`,
 * `useProject` and `useItem`. Stack's `StackClientApp` from `@stackframe/react`.
 *
 * @example
 * ```tsx
 * export const app = new StackClientApp({ baseUrl: "http://localhost:8102", projectId, publishableClientKey, tokenStore: "cookie" });
 * function Name() { return <>{app.useUser({ or: "redirect" }).displayName}</>; }
 * ```
 */
export class StackClientApp extends LatchkeyClientApp {
  /** The signed-in user, kept up to date (see `useUser`). @example `const user = app.useUser();` */
  useUser(options: UseUserOptions & Or): Hooked<CurrentUser>;
  useUser(options?: UseUserOptions): Hooked<CurrentUser> | null;
  useUser(options?: UseUserOptions): Hooked<CurrentUser> | null {
    return useUserOf(this, options) as Hooked<CurrentUser> | null;
  }

  /** The project's public configuration. @example `const { config } = app.useProject();` */
  useProject(): Project {
    return useProjectOf(this);
  }

  /** An item of a user, a team or a custom customer. @example `const credits = app.useItem({ itemId: "credits", userId });` */
  useItem(owner: ItemOwner): Item {
    return useObjectMethod(this._context, appIdentity, this, "getItem", [owner]) as Item;
  }
}

/**
 * @internal The hooks the server and admin apps share (all but `useProject`, whose answer differs), each
 * reading the app's method of the same name through the app's cache. Never built: its methods are copied
 * onto both apps' prototypes (a class-expression mixin cannot be written into .d.ts files, as the apps
 * have private members), and each app's type takes them from `ServerHooks` by declaration merging.
 */
export abstract class ServerAppHooks extends LatchkeyServerApp {
  /** The signed-in user, or a user by id or API key. @example `const user = app.useUser(userId);` */
  useUser(options: UseUserOptions & Or): Hooked<CurrentServerUser>;
  useUser(options?: UseUserOptions): Hooked<CurrentServerUser> | null;
  useUser(id: string): Hooked<ServerUser> | null;
  useUser(options: { apiKey: string }): Hooked<ServerUser> | null;
  useUser(arg?: string | UseUserOptions | { apiKey: string }): Hooked<ServerUser> | Hooked<CurrentServerUser> | null {
    if (typeof arg === "string" || (arg !== undefined && "apiKey" in arg)) return useObjectMethod(this._context, appIdentity, this, "getUser", [arg]) as Hooked<ServerUser> | null;
    return useUserOf(this, arg) as Hooked<CurrentServerUser> | null;
  }

  /** A page of the project's users. @example `const users = app.useUsers({ limit: 20 });` */
  useUsers(options?: ServerListUsersOptions): Hooked<ServerUser[]> & { nextCursor: string | null } {
    return useObjectMethod(this._context, appIdentity, this, "listUsers", options === undefined ? [] : [options]) as Hooked<ServerUser[]> & { nextCursor: string | null };
  }

  /** The project's teams. @example `const teams = app.useTeams();` */
  useTeams(): Hooked<ServerTeam[]> {
    return useObjectMethod(this._context, appIdentity, this, "listTeams", []) as Hooked<ServerTeam[]>;
  }

  /** A team by id; null when there is none. @example `const team = app.useTeam(teamId);` */
  useTeam(id: string): Hooked<ServerTeam> | null {
    return useObjectMethod(this._context, appIdentity, this, "getTeam", [id]) as Hooked<ServerTeam> | null;
  }

  /** A data vault store, with `store.useValue(key, { secret })`. @example `const store = app.useDataVaultStore("secrets");` */
  useDataVaultStore(id: string): Hooked<DataVaultStore> {
    return useObjectMethod(this._context, appIdentity, this, "getDataVaultStore", [id]) as Hooked<DataVaultStore>;
  }

  /** An item of a user, a team or a custom customer. @example `const credits = app.useItem({ itemId: "credits", teamId });` */
  useItem(owner: ItemOwner): ServerItem {
    return useObjectMethod(this._context, appIdentity, this, "getItem", [owner]) as ServerItem;
  }
}

const serverHookNames = ["useUser", "useUsers", "useTeams", "useTeam", "useDataVaultStore", "useItem"] as const satisfies readonly (keyof ServerAppHooks)[];
/** @internal The shared hooks, as the server and admin apps' types carry them. */
export type ServerHooks = Pick<ServerAppHooks, (typeof serverHookNames)[number]>;

/** Gives the apps of `prototype` the shared hooks. */
function installServerHooks(prototype: LatchkeyServerApp): void {
  for (const name of serverHookNames) Object.defineProperty(prototype, name, Object.getOwnPropertyDescriptor(ServerAppHooks.prototype, name)!);
}

/**
 * The server app with React hooks (for server components and trusted back-office pages): the client
 * hooks, plus `useUser(id)`, `useUsers`, `useTeams` and `useTeam`. Stack's `StackServerApp` from
 * `@stackframe/react`.
 *
 * @example
 * ```tsx
 * function Members({ teamId }: { teamId: string }) {
 *   const team = app.useTeam(teamId);
 *   return <ul>{team?.useUsers().map((u) => <li key={u.id}>{u.primaryEmail}</li>)}</ul>;
 * }
 * ```
 */
// The class below merges with this interface for the shared hooks' types; installServerHooks adds their code.
export interface StackServerApp extends ServerHooks {}
export class StackServerApp extends LatchkeyServerApp {
  /** @example `const { config } = app.useProject();` */
  useProject(): Project {
    return useProjectOf(this);
  }
}

/**
 * The admin app with React hooks: the server hooks, plus the project with its admin configuration, the
 * internal API keys, the permission definitions, the e-mail lists (themes, templates, drafts, the sent log,
 * previews) and the payments lists (transactions, the Stripe account). Stack's `StackAdminApp` from
 * `@stackframe/react`.
 *
 * @example
 * ```tsx
 * const definitions = app.useTeamPermissionDefinitions();
 * ```
 */
// Merged with the class below, as for StackServerApp.
export interface StackAdminApp extends ServerHooks {}
export class StackAdminApp extends LatchkeyAdminApp {
  /** The project with its admin configuration. @example `const project = app.useProject();` */
  useProject(): AdminProject {
    return useObjectMethod(this._context, appIdentity, this, "getProject", []) as AdminProject;
  }

  /** @example `const keys = app.useInternalApiKeys();` */
  useInternalApiKeys(): Awaited<ReturnType<LatchkeyAdminApp["listInternalApiKeys"]>> {
    return useObjectMethod(this._context, appIdentity, this, "listInternalApiKeys", []) as Awaited<ReturnType<LatchkeyAdminApp["listInternalApiKeys"]>>;
  }

  /** @example `const definitions = app.useTeamPermissionDefinitions();` */
  useTeamPermissionDefinitions(): Awaited<ReturnType<LatchkeyAdminApp["listTeamPermissionDefinitions"]>> {
    return useObjectMethod(this._context, appIdentity, this, "listTeamPermissionDefinitions", []) as Awaited<ReturnType<LatchkeyAdminApp["listTeamPermissionDefinitions"]>>;
  }

  /** @example `const definitions = app.useProjectPermissionDefinitions();` */
  useProjectPermissionDefinitions(): Awaited<ReturnType<LatchkeyAdminApp["listProjectPermissionDefinitions"]>> {
    return useObjectMethod(this._context, appIdentity, this, "listProjectPermissionDefinitions", []) as Awaited<ReturnType<LatchkeyAdminApp["listProjectPermissionDefinitions"]>>;
  }

  /** The sent log: the latest 100 e-mails, newest first. @example `const sent = app.useSentEmails();` */
  useSentEmails(): AdminSentEmail[] {
    return useObjectMethod(this._context, appIdentity, this, "listSentEmails", []) as AdminSentEmail[];
  }

  /** @example `const themes = app.useEmailThemes();` */
  useEmailThemes(): EmailTheme[] {
    return useObjectMethod(this._context, appIdentity, this, "listEmailThemes", []) as EmailTheme[];
  }

  /** @example `const templates = app.useEmailTemplates();` */
  useEmailTemplates(): EmailTemplate[] {
    return useObjectMethod(this._context, appIdentity, this, "listEmailTemplates", []) as EmailTemplate[];
  }

  /** @example `const drafts = app.useEmailDrafts();` */
  useEmailDrafts(): EmailDraft[] {
    return useObjectMethod(this._context, appIdentity, this, "listEmailDrafts", []) as EmailDraft[];
  }

  /** A template rendered in a theme, as HTML. @example `const html = app.useEmailPreview({ templateId, themeId: false });` */
  useEmailPreview(options: EmailPreviewOptions): string {
    return useObjectMethod(this._context, appIdentity, this, "getEmailPreview", [options]) as string;
  }

  /** The project's Stripe account; null before payments were set up. @example `const stripe = app.useStripeAccountInfo();` */
  useStripeAccountInfo(): StripeAccountInfo | null {
    return useObjectMethod(this._context, appIdentity, this, "getStripeAccountInfo", []) as StripeAccountInfo | null;
  }

  /** A page of payment transactions, newest first. @example `const { transactions, nextCursor } = app.useTransactions({ limit: 20 });` */
  useTransactions(options: ListTransactionsOptions = {}): { transactions: AdminTransaction[]; nextCursor: string | null } {
    return useObjectMethod(this._context, appIdentity, this, "listTransactions", [options]) as { transactions: AdminTransaction[]; nextCursor: string | null };
  }
}

installServerHooks(StackServerApp.prototype);
installServerHooks(StackAdminApp.prototype);
// Owned projects (`user.useOwnedProjects()`) get this admin app, so their `.app` has the hooks too.
registerOwnedProjectAdminApp(StackAdminApp);
