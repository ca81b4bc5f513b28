import type { permissionProcedures } from "../../contract/permissions.js";
import type { HandlerMap } from "../http/handler.js";

export const permissionHandlers: HandlerMap<typeof permissionProcedures> = {};
