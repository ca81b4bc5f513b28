/**
 * What a new user is made of, written inside the caller's unit of work: the user row, its primary e-mail,
 * a personal team when the project wants one, the sign-up default permissions, and their events. The
 * services that create users (create.ts for servers and anonymous sign-ups, the password, code and OAuth
 * sign-ups) open the unit and call this.
 */
import { randomUUID } from "node:crypto";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { ContactChannelRow, UserRecord } from "../../db/queries/users.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";
import { channelToJson } from "../../views/contact-channels.js";
import { teamToJson } from "../../views/teams.js";
import { userToJson } from "../../views/users.js";
import { recordEvent, type EventActor } from "../events.js";
import { grantSignUpDefaults } from "../permissions/grants.js";
import { renderProjectConfig } from "../config/project-config.js";
import { addTeamCreator, insertTeam } from "../teams.js";
import { planProfileImage } from "../profile-images/store.js";
import { guardAuthEmail, insertPrimaryEmail } from "./primary-email.js";

export interface NewUser {
  displayName?: string | null;
  profileImageUrl?: string | null;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
  primaryEmail?: string | null;
  primaryEmailVerified?: boolean;
  primaryEmailAuthEnabled?: boolean;
  passwordHash?: string | null;
  otpAuthEnabled?: boolean;
  /** Already encrypted. */
  totpSecret?: string | null;
  isAnonymous?: boolean;
}

/**
 * Creates the user with its primary e-mail and, when the project says so, a personal team it selects.
 * Writes only: the record is assembled from what the inserts return. The personal team is written
 * first, so that the user row names it from the start (no UPDATE afterwards). Reads inside the transaction
 * would take PostgreSQL predicate locks on index pages that concurrent sign-ups write to, and
 * serialisable transactions then fail and retry (two in three did under 50 concurrent sign-ups).
 * The unique index on sign-in e-mails settles races between two sign-ups of one address.
 *
 * Records `user.created` first, then what came with the user: its primary e-mail, its personal team,
 * its default permissions and its membership (in the order a receiver needs them).
 */
export async function writeNewUser(deps: AppDeps, db: Db, project: ProjectRow, input: NewUser, actor: EventActor | null = null): Promise<UserRecord> {
  const now = deps.clock.now();
  const id = randomUUID();
  const image = planProfileImage(deps, "user-profile-images", input.profileImageUrl);
  const personalTeam = renderProjectConfig(project).teams.createPersonalTeamOnSignUp
    ? await insertTeam(deps, db, project, { displayName: personalTeamName(input) })
    : null;
  const user = await deps.queries.users.insert(
    {
      id,
      projectId: project.id,
      displayName: input.displayName || null,
      profileImageUrl: image.value ?? null,
      clientMetadata: input.clientMetadata ?? null,
      clientReadOnlyMetadata: input.clientReadOnlyMetadata ?? null,
      serverMetadata: input.serverMetadata ?? null,
      isAnonymous: input.isAnonymous ?? false,
      passwordHash: input.passwordHash ?? null,
      otpAuthEnabled: input.otpAuthEnabled ?? false,
      totpSecret: input.totpSecret ?? null,
      selectedTeamId: personalTeam?.id ?? null,
      signedUpAt: now,
      lastActiveAt: now,
    },
    db,
  );
  await image.store(db, { projectId: project.id, userId: id, teamId: null }, { newOwner: true });
  let primaryEmail: ContactChannelRow | null = null;
  if (input.primaryEmail) {
    const email = { value: input.primaryEmail, verified: input.primaryEmailVerified ?? false, usedForAuth: input.primaryEmailAuthEnabled ?? false };
    primaryEmail = await guardAuthEmail(input.primaryEmail, () => insertPrimaryEmail(deps, db, project.id, id, email));
  }
  const record: UserRecord = { user, primaryEmail, selectedTeam: personalTeam, hasPasskey: false, hasOAuthAccount: false };
  const recorded = { projectId: project.id, actor };
  await recordEvent(deps, db, "user.created", () => userToJson(record), recorded);
  if (primaryEmail) await recordEvent(deps, db, "contact_channel.created", () => channelToJson(primaryEmail!), recorded);
  if (personalTeam) await recordEvent(deps, db, "team.created", () => teamToJson(personalTeam), recorded);
  await grantSignUpDefaults(deps, db, project, id, actor);
  if (personalTeam) await addTeamCreator(deps, db, project, personalTeam.id, id, actor);
  return record;
}

const UNNAMED_PERSONAL_TEAM = "Personal Team";

function personalTeamName(input: NewUser): string {
  if (input.displayName) return `${input.displayName}'s Team`;
  return input.primaryEmail ? `${input.primaryEmail}'s Team` : UNNAMED_PERSONAL_TEAM;
}

/**
 * When an anonymous user becomes a real one (sign-up, code sign-in, OAuth), its teams still named
 * "Personal Team" take the name a new user's personal team would get (Stack does the same); a team
 * renamed earlier keeps its name.
 */
export async function namePersonalTeamsOnUpgrade(deps: AppDeps, db: Db, projectId: string, userId: string, named: Pick<NewUser, "displayName" | "primaryEmail">): Promise<void> {
  const name = personalTeamName(named);
  if (name === UNNAMED_PERSONAL_TEAM) return;
  for (const team of await deps.queries.teams.list(projectId, { userId }, db)) {
    if (team.displayName !== UNNAMED_PERSONAL_TEAM) continue;
    const renamed = await deps.queries.teams.update(projectId, team.id, { displayName: name }, db);
    if (renamed) await recordEvent(deps, db, "team.updated", () => teamToJson(renamed), { projectId });
  }
}
