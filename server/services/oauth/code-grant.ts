/**
 * The authorization-code grant of POST /auth/oauth/token (tokens-and-sessions.md §3): the code our
 * callback handed the app, its PKCE verifier and the same redirect URI give a session, or, for a user
 * with a second factor, MULTI_FACTOR_AUTHENTICATION_REQUIRED with an attempt code.
 */
import * as oauth from "oauth4webapi";
import { KnownError, knownError } from "../../../contract/known-error.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { requireNoSecondFactor } from "../mfa/second-factor.js";
import type { SessionOrigin } from "../sessions.js";
import { completeSignIn, type SignInResult } from "../sign-in.js";
import { useVerificationCode } from "../verification-codes.js";
import { OAUTH_CODE, type CodeData } from "./flow.js";

export interface CodeGrant {
  code: string | undefined;
  redirectUri: string | undefined;
  codeVerifier: string | undefined;
}

export interface CodeGrantResult extends SignInResult {
  is_new_user: boolean;
  after_callback_redirect_url: string | null;
}

export async function redeemAuthorizationCode(deps: AppDeps, project: ProjectRow, grant: CodeGrant, origin?: SessionOrigin): Promise<CodeGrantResult> {
  const { code, codeVerifier } = grant;
  if (!code || !codeVerifier) throw knownError("INVALID_AUTHORIZATION_CODE");
  const use = (db?: Db, consume = true) =>
    useVerificationCode<CodeData>(deps, { projectId: project.id, purpose: OAUTH_CODE, code, consume, db }).catch((error: unknown) => {
      // Unknown, expired, used or locked: to the client, one answer.
      throw error instanceof KnownError && error.code.startsWith("VERIFICATION_CODE_") ? knownError("INVALID_AUTHORIZATION_CODE") : error;
    });
  const stored = await use(undefined, false);
  if ((await oauth.calculatePKCECodeChallenge(codeVerifier)) !== stored.data.code_challenge) throw knownError("INVALID_AUTHORIZATION_CODE");
  if ((grant.redirectUri ?? "").split("#")[0] !== stored.data.redirect_uri) throw statusError("oauthRedirectUriMismatch");

  // Spent and committed before the second factor is asked for: the attempt code replaces it.
  await deps.store.transaction((tx) => use(tx));
  const record = await deps.queries.users.find(project.id, stored.data.user_id);
  if (!record) throw knownError("INVALID_AUTHORIZATION_CODE");
  await requireNoSecondFactor(deps, project, record, stored.data.is_new_user);
  // The signing key is loaded (or made) outside the transaction that mints the tokens.
  await deps.signingKeys.current(project.id);
  const result = await deps.store.transaction((tx) => completeSignIn(deps, tx, project.id, record, origin));
  return { ...result, is_new_user: stored.data.is_new_user, after_callback_redirect_url: stored.data.after_callback_redirect_url };
}
