/**
 * Linked provider accounts: who a provider account signs in (or gets linked to) at the end of a flow,
 * the rules of `allow_sign_in` (one provider account signs in one user; a user has one signing-in
 * account per provider), the `/oauth-providers` changes, and the provider tokens kept for connected
 * accounts (sealed with the server key).
 */
import { randomUUID } from "node:crypto";
import { knownError } from "../../../contract/known-error.js";
import type { OAuthAccountRow } from "../../db/queries/oauth.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { UserRecord } from "../../db/queries/users.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { linkedAccountToJson } from "../../views/oauth-providers.js";
import { userToJson } from "../../views/users.js";
import { renderProjectConfig } from "../config/project-config.js";
import { recordEvent, type EventActor } from "../events.js";
import { writeNewUser } from "../users/new-user.js";
import { assertAuthEmailFree, isPendingAuthClaim, normalizeEmail } from "../users/primary-email.js";
import type { ProviderTokens } from "./protocol.js";
import type { ProviderClient, ProviderType } from "./provider-clients.js";
import type { ProviderProfile } from "./providers/types.js";

/** The purpose provider tokens are sealed under. */
export const TOKEN_PURPOSE = "oauth-provider-token";

/**
 * A provider's picture as the user's profile image: web addresses only. Anything else (a data URL the
 * image store would refuse, say) is dropped rather than failing the sign-in over a picture.
 */
function providerPicture(url: string | null | undefined): string | null {
  return url && /^https?:\/\//i.test(url) ? url : null;
}

/** The provider type of a config id in a project's config (`oidc` for custom providers; unknown ones as their id). */
export function providerTypeOf(project: ProjectRow, configId: string): ProviderType {
  const providers = renderProjectConfig(project).auth.oauth.providers;
  const type = Object.hasOwn(providers, configId) ? providers[configId]!.type : undefined;
  return (type ?? configId) as ProviderType;
}

export function accountJson(project: ProjectRow, row: OAuthAccountRow) {
  return linkedAccountToJson(row, providerTypeOf(project, row.providerConfigId) as never);
}

export interface FlowOutcome {
  userId: string;
  isNewUser: boolean;
}

export interface FlowSubject {
  kind: "authenticate" | "link";
  /** `link`: the user to link to; `authenticate`: the signed-in user (upgraded when anonymous). */
  user: UserRecord | null;
}

/**
 * Who the provider account signs in, or which user it is linked to, creating the user or the link
 * when needed; stores the provider tokens. Runs in the caller's transaction.
 */
export async function signInOrLink(
  deps: AppDeps,
  tx: Db,
  project: ProjectRow,
  provider: ProviderClient,
  profile: ProviderProfile,
  tokens: ProviderTokens,
  subject: FlowSubject,
): Promise<FlowOutcome> {
  const links = await deps.queries.oauth.findAccountsByProviderId(project.id, provider.configId, profile.accountId, tx);
  const email = profile.email ? normalizeEmail(profile.email) : null;
  const recorded = { projectId: project.id, actor: null };

  if (subject.kind === "link") {
    const userId = subject.user!.user.id;
    if (links.some((l) => l.userId !== userId)) throw knownError("OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER");
    const account = links[0] ?? (await insertLink(deps, tx, project, provider, userId, profile, email, await canSignIn(deps, tx, project, provider, userId)));
    await storeTokens(deps, tx, project.id, account.id, tokens);
    return { userId, isNewUser: false };
  }

  const signIn = links.find((l) => l.allowSignIn);
  if (signIn) {
    await storeTokens(deps, tx, project.id, signIn.id, tokens);
    return { userId: signIn.userId, isNewUser: false };
  }

  // An anonymous user signing in with a provider keeps its data: the account becomes its.
  if (subject.user?.user.isAnonymous) {
    const anonymous = subject.user.user;
    await deps.queries.users.update(project.id, anonymous.id, {
      isAnonymous: false,
      displayName: anonymous.displayName ?? profile.displayName,
      profileImageUrl: anonymous.profileImageUrl ?? providerPicture(profile.profileImageUrl),
    }, tx);
    const account = await insertLink(deps, tx, project, provider, anonymous.id, profile, email, true);
    await storeTokens(deps, tx, project.id, account.id, tokens);
    const upgraded = (await deps.queries.users.find(project.id, anonymous.id, tx))!;
    await recordEvent(deps, tx, "user.updated", () => userToJson(upgraded), recorded);
    return { userId: anonymous.id, isNewUser: false };
  }

  const config = renderProjectConfig(project);
  let emailUsedForAuth = email !== null;
  const owner = email ? await deps.queries.contactChannels.authOwnerOtherThan(project.id, email, null, tx) : undefined;
  if (owner && !isPendingAuthClaim(owner)) {
    const taken = (wouldWork: boolean) =>
      knownError("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE", { type: "email", contact_channel_value: email, would_work_if_email_was_verified: wouldWork });
    switch (config.auth.oauth.accountMergeStrategy) {
      case "link_method": {
        // Never link on an address whose ownership is unproven on either side.
        if (!owner.isVerified) throw taken(profile.emailVerified);
        if (!profile.emailVerified) throw taken(false);
        const account = await insertLink(deps, tx, project, provider, owner.userId, profile, email, await canSignIn(deps, tx, project, provider, owner.userId));
        await storeTokens(deps, tx, project.id, account.id, tokens);
        return { userId: owner.userId, isNewUser: false };
      }
      case "raise_error":
        throw taken(false);
      case "allow_duplicates":
        emailUsedForAuth = false;
        break;
    }
  }

  if (!config.auth.allowSignUp) throw knownError("SIGN_UP_NOT_ENABLED");
  // Releases another user's unverified claim on the address (see isPendingAuthClaim).
  if (email && emailUsedForAuth) await assertAuthEmailFree(deps, tx, project.id, email, null);
  const record = await writeNewUser(deps, tx, project, {
    displayName: profile.displayName,
    profileImageUrl: providerPicture(profile.profileImageUrl),
    primaryEmail: email,
    primaryEmailVerified: profile.emailVerified,
    primaryEmailAuthEnabled: emailUsedForAuth,
  });
  const account = await insertLink(deps, tx, project, provider, record.user.id, profile, email, true);
  await storeTokens(deps, tx, project.id, account.id, tokens);
  return { userId: record.user.id, isNewUser: true };
}

/** A new link signs in unless the provider disallows it or the user already signs in with another account of it. */
async function canSignIn(deps: AppDeps, db: Db, project: ProjectRow, provider: ProviderClient, userId: string): Promise<boolean> {
  if (!provider.allowSignIn) return false;
  const existing = await deps.queries.oauth.listAccounts(project.id, userId, db);
  return !existing.some((l) => l.providerConfigId === provider.configId && l.allowSignIn);
}

async function insertLink(
  deps: AppDeps,
  db: Db,
  project: ProjectRow,
  provider: ProviderClient,
  userId: string,
  profile: ProviderProfile,
  email: string | null,
  allowSignIn: boolean,
): Promise<OAuthAccountRow> {
  const row = await deps.queries.oauth.insertAccount(
    {
      id: randomUUID(),
      projectId: project.id,
      userId,
      providerConfigId: provider.configId,
      providerAccountId: profile.accountId,
      email,
      allowSignIn,
      allowConnectedAccounts: provider.allowConnectedAccounts,
      createdAt: deps.clock.now(),
    },
    db,
  );
  await recordEvent(deps, db, "oauth_provider.created", () => accountJson(project, row), { projectId: project.id });
  return row;
}

// ---- Provider tokens ------------------------------------------------------------------------------

/** Keeps the tokens of a flow or a refresh: the access token, and the refresh token when one came. */
export async function storeTokens(deps: AppDeps, db: Db, projectId: string, accountId: string, tokens: ProviderTokens): Promise<void> {
  const now = deps.clock.now();
  const seal = (token: string) => deps.secrets.encrypt(token, TOKEN_PURPOSE);
  await deps.queries.oauth.insertToken(
    { id: randomUUID(), projectId, oauthAccountId: accountId, kind: "access", token: seal(tokens.accessToken), scopes: tokens.scopes, expiresAt: tokens.expiresAt, createdAt: now },
    db,
  );
  if (tokens.refreshToken) {
    await deps.queries.oauth.insertToken(
      { id: randomUUID(), projectId, oauthAccountId: accountId, kind: "refresh", token: seal(tokens.refreshToken), scopes: tokens.scopes, expiresAt: null, createdAt: now },
      db,
    );
  }
}

export function openToken(deps: AppDeps, sealed: string): string {
  return deps.secrets.decrypt(sealed, TOKEN_PURPOSE);
}

// ---- /oauth-providers -----------------------------------------------------------------------------

export interface LinkChanges {
  allowSignIn?: boolean;
  allowConnectedAccounts?: boolean;
  email?: string;
  accountId?: string;
}

/** The project's provider config of `configId`, or the plain 404 of `/oauth-providers`. */
function assertConfigured(project: ProjectRow, configId: string): void {
  const providers = renderProjectConfig(project).auth.oauth.providers;
  if (!Object.hasOwn(providers, configId) || !providers[configId]!.type) throw statusError("oauthProviderConfigNotFound", { providerConfigId: configId });
}

/** Refuses a combination the `allow_sign_in` rules forbid (checked before writing; the indexes settle races). */
async function assertLinkRules(deps: AppDeps, db: Db, project: ProjectRow, link: Omit<OAuthAccountRow, "createdAt" | "allowConnectedAccounts" | "email">): Promise<void> {
  const others = (await deps.queries.oauth.listAccounts(project.id, link.userId, db)).filter((l) => l.id !== link.id);
  const type = providerTypeOf(project, link.providerConfigId);
  if (others.some((l) => l.providerConfigId === link.providerConfigId && l.providerAccountId === link.providerAccountId)) throw statusError("oauthProviderAccountExists");
  if (link.allowSignIn && others.some((l) => l.allowSignIn && providerTypeOf(project, l.providerConfigId) === type)) throw statusError("oauthProviderSignInTypeExists");
  if (link.allowSignIn) {
    const holders = await deps.queries.oauth.findAccountsByProviderId(project.id, link.providerConfigId, link.providerAccountId, db);
    if (holders.some((l) => l.allowSignIn && l.id !== link.id)) throw knownError("OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN");
  }
}

export async function createLink(
  deps: AppDeps,
  project: ProjectRow,
  input: { userId: string; configId: string; accountId: string; email: string | null; allowSignIn: boolean; allowConnectedAccounts: boolean },
  actor: EventActor | null,
): Promise<OAuthAccountRow> {
  assertConfigured(project, input.configId);
  return deps.store.transaction(async (tx) => {
    if (!(await deps.queries.users.find(project.id, input.userId, tx))) throw knownError("USER_NOT_FOUND");
    const id = randomUUID();
    await assertLinkRules(deps, tx, project, { id, projectId: project.id, userId: input.userId, providerConfigId: input.configId, providerAccountId: input.accountId, allowSignIn: input.allowSignIn });
    const row = await deps.queries.oauth.insertAccount(
      {
        id,
        projectId: project.id,
        userId: input.userId,
        providerConfigId: input.configId,
        providerAccountId: input.accountId,
        email: input.email === null ? null : normalizeEmail(input.email),
        allowSignIn: input.allowSignIn,
        allowConnectedAccounts: input.allowConnectedAccounts,
        createdAt: deps.clock.now(),
      },
      tx,
    );
    await recordEvent(deps, tx, "oauth_provider.created", () => accountJson(project, row), { projectId: project.id, actor });
    return row;
  });
}

export async function findLink(deps: AppDeps, project: ProjectRow, userId: string, linkId: string): Promise<OAuthAccountRow> {
  const row = await deps.queries.oauth.findAccount(project.id, linkId);
  if (!row || row.userId !== userId) {
    if (!(await deps.queries.users.find(project.id, userId))) throw knownError("USER_NOT_FOUND");
    throw statusError("oauthProviderLinkNotFound", { linkId, userId });
  }
  return row;
}

export async function updateLink(deps: AppDeps, project: ProjectRow, userId: string, linkId: string, changes: LinkChanges, actor: EventActor | null): Promise<OAuthAccountRow> {
  const current = await findLink(deps, project, userId, linkId);
  return deps.store.transaction(async (tx) => {
    const next = {
      ...current,
      allowSignIn: changes.allowSignIn ?? current.allowSignIn,
      providerAccountId: changes.accountId ?? current.providerAccountId,
    };
    await assertLinkRules(deps, tx, project, next);
    const row = await deps.queries.oauth.updateAccount(project.id, linkId, {
      allowSignIn: next.allowSignIn,
      providerAccountId: next.providerAccountId,
      allowConnectedAccounts: changes.allowConnectedAccounts ?? current.allowConnectedAccounts,
      email: changes.email === undefined ? current.email : normalizeEmail(changes.email),
    }, tx);
    if (!row) throw statusError("oauthProviderLinkNotFound", { linkId, userId });
    await recordEvent(deps, tx, "oauth_provider.updated", () => accountJson(project, row), { projectId: project.id, actor });
    return row;
  });
}

export async function deleteLink(deps: AppDeps, project: ProjectRow, userId: string, linkId: string, actor: EventActor | null): Promise<void> {
  const current = await findLink(deps, project, userId, linkId);
  await deps.store.transaction(async (tx) => {
    if (!(await deps.queries.oauth.deleteAccount(project.id, linkId, tx))) throw statusError("oauthProviderLinkNotFound", { linkId, userId });
    const deleted = { id: current.id, user_id: current.userId, provider_config_id: current.providerConfigId };
    await recordEvent(deps, tx, "oauth_provider.deleted", deleted, { projectId: project.id, actor });
  });
}

/** A provider account given with a new user (`POST /users` `oauth_providers`). */
export interface NewUserLink {
  id: string;
  account_id: string;
  email: string | null;
}

/**
 * Checks the `oauth_providers` of a user about to be created, before anything is written: each names a
 * configured provider (else 400 `OAuth provider <id> not found`), appears once, and no other user signs
 * in with it.
 */
export async function assertNewUserLinks(deps: AppDeps, project: ProjectRow, links: readonly NewUserLink[]): Promise<void> {
  const providers = renderProjectConfig(project).auth.oauth.providers;
  const seen = new Set<string>();
  const types = new Set<ProviderType>();
  for (const link of links) {
    if (!Object.hasOwn(providers, link.id) || !providers[link.id]!.type) throw statusError("userCreateOAuthProviderNotFound", { providerConfigId: link.id });
    const key = JSON.stringify([link.id, link.account_id]);
    if (seen.has(key)) throw statusError("oauthProviderAccountExists");
    seen.add(key);
    // Every link of a new user signs in, and one sign-in account per provider type is the rule.
    const type = providerTypeOf(project, link.id);
    if (types.has(type)) throw statusError("oauthProviderSignInTypeExists");
    types.add(type);
    const holders = await deps.queries.oauth.findAccountsByProviderId(project.id, link.id, link.account_id);
    if (holders.some((holder) => holder.allowSignIn)) throw knownError("OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN");
  }
}

/**
 * Links the checked accounts to the new user (sign-in and connected accounts allowed, as the reference
 * does). A race lost to another sign-in between the check and here still refuses: the caller removes the
 * half-made user then.
 */
export async function linkNewUser(deps: AppDeps, project: ProjectRow, userId: string, links: readonly NewUserLink[], actor: EventActor | null): Promise<OAuthAccountRow[]> {
  const rows: OAuthAccountRow[] = [];
  for (const link of links) {
    rows.push(await createLink(deps, project, { userId, configId: link.id, accountId: link.account_id, email: link.email, allowSignIn: true, allowConnectedAccounts: true }, actor));
  }
  return rows;
}
