import type { teamInvitationProcedures } from "../../contract/team-invitations.js";
import type { HandlerMap } from "../http/handler.js";

export const teamInvitationHandlers: HandlerMap<typeof teamInvitationProcedures> = {};
