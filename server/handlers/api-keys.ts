import type { apiKeyProcedures } from "../../contract/api-keys.js";
import type { HandlerMap } from "../http/handler.js";

export const apiKeyHandlers: HandlerMap<typeof apiKeyProcedures> = {};
