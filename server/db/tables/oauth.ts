/**
 * Social sign-in: provider accounts linked to users, the provider tokens kept for connected accounts
 * (encrypted with the server key), and the outer OAuth flows between our authorize endpoint and the
 * provider's callback. Our own authorization codes are verification codes (purpose `oauth-code`).
 */
import { sql } from "drizzle-orm";
import type { TableBuilders } from "../builders.js";
import { projectIdColumn, userIdColumn } from "./columns.js";
import type { ProjectTables } from "./projects.js";
import type { UserTables } from "./users.js";

export function defineOAuthTables(b: TableBuilders, { projects, users }: ProjectTables & UserTables) {
  const projectId = () => projectIdColumn(b, projects);
  const userId = () => userIdColumn(b, users);

  /**
   * A provider account linked to a user. `providerConfigId` is the key under `auth.oauth.providers`;
   * the provider type is read from the config. A provider account signs in at most one user of a
   * project, and a user has at most one signing-in account per provider.
   */
  const oauthAccounts = b.table(
    "oauth_accounts",
    {
      id: b.text("id").primaryKey(),
      projectId: projectId(),
      userId: userId(),
      providerConfigId: b.text("provider_config_id").notNull(),
      /** The account's id at the provider (`sub`, GitHub's numeric id, ...). */
      providerAccountId: b.text("provider_account_id").notNull(),
      /** The e-mail the provider reported, lowercased; null when it reported none. */
      email: b.text("email"),
      allowSignIn: b.boolean("allow_sign_in").notNull(),
      allowConnectedAccounts: b.boolean("allow_connected_accounts").notNull(),
      createdAt: b.time("created_at").notNull(),
    },
    (t) => [
      b.uniqueIndex("oauth_accounts_sign_in_idx").on(t.projectId, t.providerConfigId, t.providerAccountId).where(sql`${t.allowSignIn}`),
      b.uniqueIndex("oauth_accounts_user_sign_in_idx").on(t.userId, t.providerConfigId).where(sql`${t.allowSignIn}`),
      b.uniqueIndex("oauth_accounts_user_account_idx").on(t.userId, t.providerConfigId, t.providerAccountId),
      b.index("oauth_accounts_user_idx").on(t.userId, t.createdAt),
      b.index("oauth_accounts_account_idx").on(t.projectId, t.providerConfigId, t.providerAccountId),
    ],
  );

  /**
   * Provider tokens of a linked account, for connected accounts: access tokens (with their expiry) and
   * refresh tokens, each with the scopes it was granted. The token itself is sealed with the server key.
   */
  const oauthTokens = b.table(
    "oauth_tokens",
    {
      id: b.text("id").primaryKey(),
      projectId: projectId(),
      oauthAccountId: b
        .text("oauth_account_id")
        .notNull()
        .references(() => oauthAccounts.id, { onDelete: "cascade" }),
      kind: b.text("kind", { enum: ["access", "refresh"] }).notNull(),
      token: b.text("token").notNull(),
      scopes: b.json("scopes").$type<string[]>().notNull(),
      /** Null: the provider named no expiry. */
      expiresAt: b.time("expires_at"),
      createdAt: b.time("created_at").notNull(),
    },
    (t) => [b.index("oauth_tokens_account_idx").on(t.oauthAccountId, t.kind, t.createdAt)],
  );

  /**
   * One outer OAuth flow, from our authorize endpoint to the provider's callback (10 minutes). Found by
   * the hash of the state we sent the provider; holds the app's PKCE challenge and redirect URI, and the
   * PKCE verifier of our own request to the provider (sealed).
   */
  const oauthFlows = b.table(
    "oauth_flows",
    {
      id: b.text("id").primaryKey(),
      projectId: projectId(),
      stateHash: b.text("state_hash").notNull(),
      providerConfigId: b.text("provider_config_id").notNull(),
      kind: b.text("kind", { enum: ["authenticate", "link"] }).notNull(),
      /** `link`: the user to link to; `authenticate`: the signed-in (e.g. anonymous) user, if any. */
      userId: b.text("user_id").references(() => users.id, { onDelete: "cascade" }),
      redirectUri: b.text("redirect_uri").notNull(),
      outerState: b.text("outer_state").notNull(),
      codeChallenge: b.text("code_challenge").notNull(),
      afterCallbackRedirectUrl: b.text("after_callback_redirect_url"),
      errorRedirectUrl: b.text("error_redirect_url"),
      /** Provider scopes asked for beyond the provider's defaults, space separated. */
      providerScope: b.text("provider_scope"),
      providerCodeVerifier: b.text("provider_code_verifier").notNull(),
      /** The hash of the random value of the flow's browser-binding cookie: the callback must bring that cookie. */
      browserBindingHash: b.text("browser_binding_hash"),
      /** The OpenID Connect `nonce` sent to the provider (null for plain OAuth 2.0 providers); its ID token must carry it. */
      nonce: b.text("nonce"),
      createdAt: b.time("created_at").notNull(),
      expiresAt: b.time("expires_at").notNull(),
      usedAt: b.time("used_at"),
    },
    (t) => [b.uniqueIndex("oauth_flows_state_idx").on(t.stateHash), b.index("oauth_flows_expiry_idx").on(t.expiresAt)],
  );

  return { oauthAccounts, oauthTokens, oauthFlows };
}
