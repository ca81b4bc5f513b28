/**
 * Teams, memberships and member profiles. Clients act for their signed-in user and see the client
 * team shape; servers and admins act for the project and see the server shape. Team permissions that
 * gate client calls are checked through containment (`$update_team`, `$delete_team`, …).
 */
import { z } from "zod";
import { displayName, listOf, metadata, successResponse, userIdOrMe, uuid } from "./fields.js";
import { defineProcedure } from "./procedure.js";
import { clientTeam, serverTeam } from "./teams-shared.js";
import { profileImageUrl, serverUser } from "./users.js";

const teamId = uuid.meta({ description: "A team id.", example: "5f0c2a7e-3b1d-4c6a-9e8f-0a1b2c3d4e5f" });
const teamName = displayName.meta({ description: "The team's name.", example: "Analytical Engines" });
const creatorUserId = userIdOrMe.meta({
  description: "The first member, who gets the team-creator default permissions. Clients: `me` or their own id (the default); servers: any user, or none.",
  example: "me",
});

const clientCreateShape = {
  display_name: teamName,
  profile_image_url: profileImageUrl.optional().meta({ description: "Clients: a base64 image only; servers: an http(s) URL too." }),
  client_metadata: metadata.optional(),
  creator_user_id: creatorUserId.optional(),
};
export const clientTeamCreate = z.strictObject(clientCreateShape).meta({ id: "ClientTeamCreate" });
export const serverTeamCreate = z
  .strictObject({ ...clientCreateShape, client_read_only_metadata: metadata.optional(), server_metadata: metadata.optional() })
  .meta({ id: "ServerTeamCreate" });

const clientUpdateShape = {
  display_name: teamName.optional(),
  profile_image_url: profileImageUrl.optional(),
  client_metadata: metadata.optional(),
};
export const clientTeamUpdate = z.strictObject(clientUpdateShape).meta({ id: "ClientTeamUpdate" });
export const serverTeamUpdate = z
  .strictObject({ ...clientUpdateShape, client_read_only_metadata: metadata.optional(), server_metadata: metadata.optional() })
  .meta({ id: "ServerTeamUpdate" });

export const teamMembership = z.object({ team_id: uuid, user_id: uuid }).meta({ id: "TeamMembership" });

const clientProfileShape = {
  team_id: uuid,
  user_id: uuid,
  display_name: z.string().nullable().meta({ description: "The member's name in this team; the user's own name when none is set." }),
  profile_image_url: z.string().nullable().meta({ description: "The member's image in this team; the user's own image when none is set." }),
  primary_email: z.string().nullable().optional().meta({
    description: "Latchkey: the member's primary e-mail address, so members with `$read_members` can tell people apart (Stack's SDKs ignore it).",
    example: "ada@example.com",
  }),
};
export const clientTeamMemberProfile = z.object(clientProfileShape).meta({ id: "ClientTeamMemberProfile" });
export const serverTeamMemberProfile = z.object({ ...clientProfileShape, user: serverUser }).meta({ id: "ServerTeamMemberProfile" });
export const teamMemberProfileUpdate = z
  .strictObject({ display_name: teamName.optional(), profile_image_url: profileImageUrl.optional() })
  .meta({ id: "TeamMemberProfileUpdate" });

const teamParams = z.strictObject({ team_id: teamId });
const memberParams = z.strictObject({ team_id: teamId, user_id: userIdOrMe });
const teamOutput = { client: clientTeam, server: serverTeam };
const teamTags = ["Teams"];
const memberTags = ["Team members"];

export const listTeams = defineProcedure({
  method: "GET",
  path: "/teams",
  access: "client",
  summary: "List teams, oldest first",
  description: "Clients list their own teams (`user_id=me`); servers list every team of the project, or a user's.",
  tags: teamTags,
  successStatus: 200,
  errors: ["CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_NOT_FOUND", "teamsListOwnOnly"],
  query: z.strictObject({ user_id: userIdOrMe.optional().meta({ description: "Only this user's teams. Required for clients (`me`)." }) }),
  output: { client: listOf(clientTeam), server: listOf(serverTeam) },
});

export const createTeam = defineProcedure({
  method: "POST",
  path: "/teams",
  access: "client",
  summary: "Create a team",
  description: "Clients need a signed-in user and a project that allows client team creation; they become the first member.",
  tags: teamTags,
  successStatus: 201,
  errors: ["USER_AUTHENTICATION_REQUIRED", "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_NOT_FOUND", "clientTeamCreationDisabled", "profileImageBadUrl", "profileImageNotBase64", "teamsCreateOwnOnly", "profileImageTooLarge"],
  query: z.strictObject({
    add_current_user: z.boolean().optional().meta({ description: "Deprecated: use `creator_user_id: \"me\"`." }),
  }),
  body: { client: clientTeamCreate, server: serverTeamCreate },
  output: teamOutput,
});

export const getTeam = defineProcedure({
  method: "GET",
  path: "/teams/{team_id}",
  access: "client",
  summary: "Read a team (clients: a team they belong to)",
  tags: teamTags,
  successStatus: 200,
  errors: ["USER_AUTHENTICATION_REQUIRED", "TEAM_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND"],
  params: teamParams,
  output: teamOutput,
});

export const updateTeam = defineProcedure({
  method: "PATCH",
  path: "/teams/{team_id}",
  access: "client",
  summary: "Update a team (clients need `$update_team`)",
  tags: teamTags,
  successStatus: 200,
  errors: ["USER_AUTHENTICATION_REQUIRED", "TEAM_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "TEAM_PERMISSION_REQUIRED", "profileImageBadUrl", "profileImageNotBase64", "profileImageTooLarge"],
  params: teamParams,
  body: { client: clientTeamUpdate, server: serverTeamUpdate },
  output: teamOutput,
});

export const deleteTeam = defineProcedure({
  method: "DELETE",
  path: "/teams/{team_id}",
  access: "client",
  summary: "Delete a team with its memberships (clients need `$delete_team`)",
  description: "Members who had the team selected are left with no selected team.",
  tags: teamTags,
  successStatus: 200,
  errors: ["USER_AUTHENTICATION_REQUIRED", "TEAM_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "TEAM_PERMISSION_REQUIRED"],
  params: teamParams,
  // Stack's backend ignores a body sent with this DELETE (clients have sent the team's fields along).
  body: z.looseObject({}).optional().meta({ description: "Ignored." }),
  output: successResponse,
});

export const createTeamMembership = defineProcedure({
  method: "POST",
  path: "/team-memberships/{team_id}/{user_id}",
  access: "server",
  summary: "Add a user to a team with the team-member default permissions",
  description: "Takes an empty body (`{}`).",
  tags: memberTags,
  successStatus: 201,
  errors: ["CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_NOT_FOUND", "TEAM_NOT_FOUND", "TEAM_MEMBERSHIP_ALREADY_EXISTS"],
  params: memberParams,
  output: teamMembership,
});

export const deleteTeamMembership = defineProcedure({
  method: "DELETE",
  path: "/team-memberships/{team_id}/{user_id}",
  access: "client",
  summary: "Remove a user from a team (clients: themselves, or others with `$remove_members`)",
  description: "The member's team permissions go with the membership, and so does their selection of the team.",
  tags: memberTags,
  successStatus: 200,
  errors: ["USER_AUTHENTICATION_REQUIRED", "CANNOT_GET_OWN_USER_WITHOUT_USER", "TEAM_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "TEAM_PERMISSION_REQUIRED"],
  params: memberParams,
  output: successResponse,
});

export const listTeamMemberProfiles = defineProcedure({
  method: "GET",
  path: "/team-member-profiles",
  access: "client",
  summary: "List team member profiles, oldest membership first",
  description: "Clients must name a team they belong to, and need `$read_members` unless they list only themselves.",
  tags: memberTags,
  successStatus: 200,
  errors: ["USER_AUTHENTICATION_REQUIRED", "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_NOT_FOUND", "TEAM_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "TEAM_PERMISSION_REQUIRED", "teamIdRequiredForClient"],
  query: z.strictObject({
    team_id: teamId.optional().meta({ description: "Only this team's members. Required for clients." }),
    user_id: userIdOrMe.optional().meta({ description: "Only this user's profiles." }),
  }),
  output: { client: listOf(clientTeamMemberProfile), server: listOf(serverTeamMemberProfile) },
});

export const getTeamMemberProfile = defineProcedure({
  method: "GET",
  path: "/team-member-profiles/{team_id}/{user_id}",
  access: "client",
  summary: "Read a member's profile in a team (clients need `$read_members` for others)",
  tags: memberTags,
  successStatus: 200,
  errors: ["USER_AUTHENTICATION_REQUIRED", "CANNOT_GET_OWN_USER_WITHOUT_USER", "TEAM_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "TEAM_PERMISSION_REQUIRED"],
  params: memberParams,
  output: { client: clientTeamMemberProfile, server: serverTeamMemberProfile },
});

export const updateTeamMemberProfile = defineProcedure({
  method: "PATCH",
  path: "/team-member-profiles/{team_id}/{user_id}",
  access: "client",
  summary: "Update a member's profile in a team (clients: their own only)",
  description: "`profile_image_url: null` goes back to the user's own image.",
  tags: memberTags,
  successStatus: 200,
  errors: ["USER_AUTHENTICATION_REQUIRED", "CANNOT_GET_OWN_USER_WITHOUT_USER", "TEAM_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "teamProfileOwnOnly", "profileImageBadUrl", "profileImageNotBase64", "profileImageTooLarge"],
  params: memberParams,
  body: teamMemberProfileUpdate,
  output: { client: clientTeamMemberProfile, server: serverTeamMemberProfile },
});

export const teamProcedures = {
  listTeams,
  createTeam,
  getTeam,
  updateTeam,
  deleteTeam,
  createTeamMembership,
  deleteTeamMembership,
  listTeamMemberProfiles,
  getTeamMemberProfile,
  updateTeamMemberProfile,
} as const;
