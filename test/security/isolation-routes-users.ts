/** The isolation matrix's reviewed entries for users, contact channels, teams, memberships, member profiles, invitations and permissions (see isolation-route-case.ts for the fields). */
import { callback, BEARER, SELF, NO_IDS, type RouteCase } from "./isolation-route-case.js";

export const userIsolationRoutes: Record<string, RouteCase> = {
  // ---- users --------------------------------------------------------------------------------------
  "GET /users/me": { notPerUser: SELF, requests: () => [{ label: "me" }] },
  "PATCH /users/me": {
    notPerUser: SELF,
    requests: ({ victim }) => [
      { label: "select the victim's team", refuse: true, body: { selected_team_id: victim.team1.id } },
      { label: "take the victim's e-mail", body: { primary_email: victim.user1.email } },
    ],
  },
  "DELETE /users/me": { notPerUser: SELF, requests: () => [{ label: "delete me" }] },
  "GET /users": {
    requests: ({ victim }) => [
      { label: "victim team's users", query: { team_id: victim.team1.id } },
      { label: "search the victim marker", query: { query: "zq9victim" } },
      { label: "search the victim user id", query: { query: victim.user1.id } },
      { label: "cursor at a victim user", query: { cursor: victim.user1.id } },
    ],
  },
  "POST /users": {
    requests: ({ victim }) => [
      { label: "victim's e-mail", body: { primary_email: victim.user1.email, primary_email_auth_enabled: true } },
      { label: "victim's selected team", body: { display_name: "mallory 2", selected_team_id: victim.team1.id } },
    ],
  },
  "GET /users/{user_id}": { requests: ({ victim }) => [{ label: "victim user", refuse: true, params: { user_id: victim.user1.id } }] },
  "PATCH /users/{user_id}": {
    requests: ({ victim }) => [{ label: "victim user", refuse: true, params: { user_id: victim.user1.id }, body: { display_name: "hijacked", server_metadata: { owned: true } } }],
  },
  "DELETE /users/{user_id}": { requests: ({ victim }) => [{ label: "victim user", refuse: true, params: { user_id: victim.user1.id } }] },

  // ---- contact channels ---------------------------------------------------------------------------
  "GET /contact-channels": {
    requests: ({ victim }) => [
      { label: "victim user's channels", refuse: true, query: { user_id: victim.user1.id } },
      { label: "victim channel id", query: { contact_channel_id: victim.user1.altChannelId } },
      { label: "victim channel id as mine", query: { user_id: "me", contact_channel_id: victim.user1.altChannelId } },
    ],
  },
  "POST /contact-channels": {
    requests: ({ victim }) => [
      { label: "channel for victim user", refuse: true, body: { user_id: victim.user1.id, value: "mallory-2@attacker.test", type: "email", used_for_auth: false } },
    ],
  },
  "GET /contact-channels/{user_id}/{contact_channel_id}": {
    requests: ({ victim }) => [
      { label: "victim user and channel", refuse: true, params: { user_id: victim.user1.id, contact_channel_id: victim.user1.altChannelId } },
      { label: "victim channel as mine", refuse: true, params: { user_id: "me", contact_channel_id: victim.user1.altChannelId } },
    ],
  },
  "PATCH /contact-channels/{user_id}/{contact_channel_id}": {
    requests: ({ victim }) => [
      { label: "victim user and channel", refuse: true, params: { user_id: victim.user1.id, contact_channel_id: victim.user1.altChannelId }, body: { value: "mallory-3@attacker.test" } },
      { label: "victim channel as mine", refuse: true, params: { user_id: "me", contact_channel_id: victim.user1.altChannelId }, body: { used_for_auth: true } },
    ],
  },
  "DELETE /contact-channels/{user_id}/{contact_channel_id}": {
    requests: ({ victim }) => [
      { label: "victim user and channel", refuse: true, params: { user_id: victim.user1.id, contact_channel_id: victim.user1.altChannelId } },
      { label: "victim channel as mine", refuse: true, params: { user_id: "me", contact_channel_id: victim.user1.altChannelId } },
    ],
  },
  "POST /contact-channels/{user_id}/{contact_channel_id}/send-verification-code": {
    requests: ({ victim }) => [
      { label: "victim user and channel", refuse: true, params: { user_id: victim.user1.id, contact_channel_id: victim.user1.altChannelId }, body: { callback_url: callback } },
      { label: "victim channel as mine", refuse: true, params: { user_id: "me", contact_channel_id: victim.user1.altChannelId }, body: { callback_url: callback } },
    ],
  },
  "POST /contact-channels/send-verification-code": {
    requests: ({ victim }) => [{ label: "victim's e-mail", refuse: true, body: { email: victim.user1.email, callback_url: callback } }],
  },
  "POST /contact-channels/verify": {
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "victim verification code", refuse: true, body: { code: victim.codes.emailVerification } }],
  },
  "POST /contact-channels/verify/check-code": {
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "victim verification code", refuse: true, body: { code: victim.codes.emailVerification } }],
  },

  // ---- teams, memberships, member profiles --------------------------------------------------------
  "GET /teams": { requests: ({ victim }) => [{ label: "victim user's teams", refuse: true, query: { user_id: victim.user1.id } }] },
  "POST /teams": {
    requests: ({ victim }) => [
      { label: "victim user as creator", refuse: true, body: { display_name: "mallory team", creator_user_id: victim.user1.id } },
    ],
  },
  "GET /teams/{team_id}": { requests: ({ victim }) => [{ label: "victim team", refuse: true, params: { team_id: victim.team1.id } }] },
  "PATCH /teams/{team_id}": {
    requests: ({ victim }) => [{ label: "victim team", refuse: true, params: { team_id: victim.team1.id }, body: { display_name: "hijacked" } }],
  },
  "DELETE /teams/{team_id}": { requests: ({ victim }) => [{ label: "victim team", refuse: true, params: { team_id: victim.team1.id } }] },
  "POST /team-memberships/{team_id}/{user_id}": {
    requests: ({ victim }) => [
      { label: "join the victim team myself", refuse: true, params: { team_id: victim.team1.id, user_id: "me" } },
      { label: "add victim user 2 to the victim team", refuse: true, params: { team_id: victim.team1.id, user_id: victim.user2.id } },
    ],
  },
  "DELETE /team-memberships/{team_id}/{user_id}": {
    requests: ({ victim }) => [
      { label: "remove victim user from victim team", refuse: true, params: { team_id: victim.team1.id, user_id: victim.user1.id } },
      { label: "leave the victim team", refuse: true, params: { team_id: victim.team1.id, user_id: "me" } },
    ],
  },
  "GET /team-member-profiles": {
    requests: ({ victim }) => [
      { label: "victim team", refuse: true, query: { team_id: victim.team1.id } },
      { label: "victim user", refuse: true, query: { user_id: victim.user1.id } },
      { label: "victim team and user", refuse: true, query: { team_id: victim.team1.id, user_id: victim.user1.id } },
    ],
  },
  "GET /team-member-profiles/{team_id}/{user_id}": {
    requests: ({ victim }) => [{ label: "victim member", refuse: true, params: { team_id: victim.team1.id, user_id: victim.user1.id } }],
  },
  "PATCH /team-member-profiles/{team_id}/{user_id}": {
    requests: ({ victim }) => [
      { label: "victim member", refuse: true, params: { team_id: victim.team1.id, user_id: victim.user1.id }, body: { display_name: "hijacked" } },
      { label: "my profile in the victim team", refuse: true, params: { team_id: victim.team1.id, user_id: "me" }, body: { display_name: "mallory" } },
    ],
  },

  // ---- team invitations ---------------------------------------------------------------------------
  "POST /team-invitations/send-code": {
    requests: ({ victim }) => [{ label: "invite into victim team", refuse: true, body: { team_id: victim.team1.id, email: "mallory@attacker.test", callback_url: callback } }],
  },
  "GET /team-invitations": { requests: ({ victim }) => [{ label: "victim team", refuse: true, query: { team_id: victim.team1.id } }] },
  "DELETE /team-invitations/{id}": {
    requests: ({ victim }) => [{ label: "victim invitation", refuse: true, params: { id: victim.team1.invitationId }, query: { team_id: victim.team1.id } }],
  },
  "POST /team-invitations/accept": {
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "victim invitation code", refuse: true, body: { code: victim.team1.invitationCode } }],
  },
  "POST /team-invitations/accept/details": {
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "victim invitation code", refuse: true, body: { code: victim.team1.invitationCode } }],
  },
  "POST /team-invitations/accept/check-code": {
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "victim invitation code", refuse: true, body: { code: victim.team1.invitationCode } }],
  },

  // ---- permissions --------------------------------------------------------------------------------
  "GET /team-permissions": {
    requests: ({ victim }) => [
      { label: "victim team", query: { team_id: victim.team1.id } },
      { label: "victim user", refuse: "client", query: { user_id: victim.user1.id } },
      { label: "victim team, victim user", refuse: "client", query: { team_id: victim.team1.id, user_id: victim.user1.id, permission_id: victim.teamPermissionId } },
    ],
  },
  "POST /team-permissions/{team_id}/{user_id}/{permission_id}": {
    requests: ({ victim }) => [
      { label: "victim grant", refuse: true, params: { team_id: victim.team1.id, user_id: victim.user1.id, permission_id: "$delete_team" } },
      { label: "grant myself in victim team", refuse: true, params: { team_id: victim.team1.id, user_id: "me", permission_id: "$delete_team" } },
    ],
  },
  "DELETE /team-permissions/{team_id}/{user_id}/{permission_id}": {
    requests: ({ victim }) => [{ label: "victim grant", refuse: true, params: { team_id: victim.team1.id, user_id: victim.user1.id, permission_id: victim.teamPermissionId } }],
  },
  "GET /project-permissions": {
    requests: ({ victim }) => [
      { label: "victim user", refuse: "client", query: { user_id: victim.user1.id } },
      { label: "victim permission", query: { permission_id: victim.projectPermissionId } },
    ],
  },
  "POST /project-permissions/{user_id}/{permission_id}": {
    requests: ({ victim }) => [{ label: "victim grant", refuse: true, params: { user_id: victim.user1.id, permission_id: victim.projectPermissionId } }],
  },
  "DELETE /project-permissions/{user_id}/{permission_id}": {
    requests: ({ victim }) => [{ label: "victim grant", refuse: true, params: { user_id: victim.user1.id, permission_id: victim.projectPermissionId } }],
  },
  "GET /team-permission-definitions": { notPerUser: NO_IDS, requests: () => [{ label: "list" }] },
  "POST /team-permission-definitions": {
    notPerUser: NO_IDS,
    requests: ({ victim }) => [{ label: "same id as the victim's (ids are per project)", body: { id: victim.teamPermissionId, contained_permission_ids: [] } }],
  },
  "PATCH /team-permission-definitions/{permission_id}": {
    requests: ({ victim }) => [{ label: "victim definition", refuse: true, params: { permission_id: victim.teamPermissionId }, body: { description: "hijacked" } }],
  },
  "DELETE /team-permission-definitions/{permission_id}": {
    requests: ({ victim }) => [{ label: "victim definition", refuse: true, params: { permission_id: victim.teamPermissionId } }],
  },
  "GET /project-permission-definitions": { notPerUser: NO_IDS, requests: () => [{ label: "list" }] },
  "POST /project-permission-definitions": {
    notPerUser: NO_IDS,
    requests: ({ victim }) => [{ label: "same id as the victim's (ids are per project)", body: { id: victim.projectPermissionId } }],
  },
  "PATCH /project-permission-definitions/{permission_id}": {
    requests: ({ victim }) => [{ label: "victim definition", refuse: true, params: { permission_id: victim.projectPermissionId }, body: { description: "hijacked" } }],
  },
  "DELETE /project-permission-definitions/{permission_id}": {
    requests: ({ victim }) => [{ label: "victim definition", refuse: true, params: { permission_id: victim.projectPermissionId } }],
  },

};
