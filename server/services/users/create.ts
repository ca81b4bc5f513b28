/**
 * Creating a user outside a sign-up flow: a server or admin creating one (POST /users), and an anonymous
 * sign-up. Each call checks what must hold first, writes the user in one unit of work (new-user.ts) and,
 * for a server's user, links the provider accounts it names, removing the user again when a link is
 * lost to a concurrent sign-in. The sign-up flows (password-auth.ts, otp-auth.ts, oauth/accounts.ts) and
 * the importer (users-import/) write through new-user.ts and write-imported.ts in units of their own.
 */
import type { OAuthAccountRow } from "../../db/queries/oauth.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { UserRecord } from "../../db/queries/users.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { renderProjectConfig } from "../config/project-config.js";
import type { EventActor } from "../events.js";
import { assertNewUserLinks, linkNewUser, type NewUserLink } from "../oauth/accounts.js";
import type { SessionOrigin } from "../sessions.js";
import { completeSignIn } from "../sign-in.js";
import { deleteUser } from "./delete.js";
import { writeNewUser, type NewUser } from "./new-user.js";
import { assertAuthEmailFree, guardAuthEmail, normalizeEmail } from "./primary-email.js";
import { assertProfileImage, passwordHashFromInput } from "./update.js";

/** A user a server asks for: the new user's fields, its password (plain or hashed), TOTP secret and provider accounts. */
export interface UserRequest extends Omit<NewUser, "passwordHash" | "totpSecret"> {
  password?: string | null;
  /** A password hash in a format the server accepts (update.ts `passwordHashFromInput`). */
  passwordHash?: string;
  /** The TOTP secret, base64, in the clear: sealed before it is stored. */
  totpSecretBase64?: string | null;
  /** Provider accounts to link, each one signing in. */
  oauthProviders?: readonly NewUserLink[];
}

export interface CreatedUser {
  record: UserRecord;
  /** The linked provider accounts, in the order asked for. */
  oauthProviders: OAuthAccountRow[];
}

/** Creates the user a server asks for, with its links; throws the request's error before anything is written. */
export async function createUser(deps: AppDeps, project: ProjectRow, request: UserRequest, actor: EventActor | null): Promise<CreatedUser> {
  assertProfileImage(request.profileImageUrl);
  const config = renderProjectConfig(project);
  if (request.primaryEmailAuthEnabled && !request.primaryEmail) throw statusError("primaryEmailFlagsNeedEmail");
  if (request.primaryEmailVerified && !request.primaryEmail) throw statusError("primaryEmailVerifiedNeedsEmail");
  if (request.password && !config.auth.password.allowSignIn) throw statusError("passwordSignInDisabledOnCreate");
  if (request.otpAuthEnabled && !config.auth.otp.allowSignIn) throw statusError("otpSignInDisabledOnCreate");
  const passwordHash = (await passwordHashFromInput({ password: request.password, password_hash: request.passwordHash })) ?? null;
  // Another user's pending (unverified, secondary) claim on the address gives way; a real owner refuses.
  if (request.primaryEmail && request.primaryEmailAuthEnabled) {
    await assertAuthEmailFree(deps, deps.store.db, project.id, normalizeEmail(request.primaryEmail), null);
  }
  const links = request.oauthProviders ?? [];
  await assertNewUserLinks(deps, project, links);
  const user: NewUser = {
    displayName: request.displayName,
    profileImageUrl: request.profileImageUrl,
    clientMetadata: request.clientMetadata,
    clientReadOnlyMetadata: request.clientReadOnlyMetadata,
    serverMetadata: request.serverMetadata,
    primaryEmail: request.primaryEmail,
    primaryEmailVerified: request.primaryEmailVerified,
    primaryEmailAuthEnabled: request.primaryEmailAuthEnabled,
    passwordHash,
    otpAuthEnabled: request.otpAuthEnabled,
    totpSecret: request.totpSecretBase64 ? deps.secrets.encrypt(request.totpSecretBase64, "totp") : null,
    isAnonymous: request.isAnonymous,
  };
  const record = await guardAuthEmail(request.primaryEmail, () => deps.store.insertBatch((batch) => writeNewUser(deps, batch, project, user, actor)));
  if (links.length === 0) return { record, oauthProviders: [] };
  const linked = await linkNewUser(deps, project, record.user.id, links, actor).catch(async (error: unknown) => {
    // A link lost to a concurrent sign-in: the user is not made after all.
    await deleteUser(deps, project.id, record.user.id, null);
    throw error;
  });
  return { record, oauthProviders: linked };
}

/** An anonymous user and its first session, written together (only inserts: one statement on PostgreSQL). */
export function anonymousSignUp(deps: AppDeps, project: ProjectRow, origin: SessionOrigin) {
  return deps.store.insertBatch(async (batch) => {
    const record = await writeNewUser(deps, batch, project, { isAnonymous: true });
    return completeSignIn(deps, batch, project.id, record, origin);
  });
}
