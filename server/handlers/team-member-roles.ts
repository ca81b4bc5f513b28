/**
 * Members' roles over HTTP (Latchkey only). Clients act for their signed-in user, whose team permissions
 * the service checks; servers and admins act for the project.
 */
import type { teamMemberRoleProcedures } from "../../contract/team-member-roles.js";
import { requireUser, resolveUserId, type Auth } from "../http/auth.js";
import type { HandlerMap } from "../http/handler.js";
import * as roles from "../services/permissions/roles.js";
import { memberRolesToJson, teamRolesToJson } from "../views/team-member-roles.js";
import { actorOf } from "./actor.js";

/** The user whose permissions limit the call: a client's signed-in user; none for a project caller. */
const callerOf = (auth: Auth): string | null => (auth.accessType === "client" ? requireUser(auth).user.id : null);

export const teamMemberRoleHandlers = {
  async listTeamMemberRoles({ auth, deps }, { query }) {
    return teamRolesToJson(await roles.listTeamRoles(deps, auth.project, query.team_id, callerOf(auth)));
  },

  async setTeamMemberRoles({ auth, deps }, { params, body }) {
    const callerId = callerOf(auth);
    const userId = params.user_id === "me" ? resolveUserId(auth, "me") : params.user_id;
    const change = { teamId: params.team_id, userId, roleIds: body.role_ids };
    return memberRolesToJson(await roles.setMemberRoles(deps, auth.project, change, callerId, actorOf(auth)));
  },
} satisfies HandlerMap<typeof teamMemberRoleProcedures>;
