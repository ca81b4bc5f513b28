import type { teamProcedures } from "../../contract/teams.js";
import type { HandlerMap } from "../http/handler.js";

export const teamHandlers: HandlerMap<typeof teamProcedures> = {};
