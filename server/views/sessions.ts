/** Sessions as the API lists them and as events show them: never with their refresh token. */
import type { z } from "zod";
import type { deletedSessionEvent, sessionEvent } from "../../contract/events.js";
import type { session } from "../../contract/sessions.js";
import type { SessionRow } from "../db/queries/sessions.js";

/** A listed session; `currentSessionId` is the caller's own. */
export function sessionToJson(row: SessionRow, currentSessionId: string | null): z.input<typeof session> {
  return {
    id: row.id,
    user_id: row.userId,
    created_at: row.createdAt.getTime(),
    last_used_at: row.lastUsedAt.getTime(),
    is_impersonation: row.isImpersonation,
    is_current_session: row.id === currentSessionId,
    ...(row.ipAddress !== null && { last_used_at_end_user_ip_info: { ip: row.ipAddress } }),
    user_agent: row.userAgent,
  };
}

export function sessionEventToJson(row: Pick<SessionRow, "id" | "userId" | "isImpersonation">): z.input<typeof sessionEvent> {
  return { id: row.id, user_id: row.userId, is_impersonation: row.isImpersonation };
}

export function deletedSessionToJson(sessionId: string, userId: string): z.input<typeof deletedSessionEvent> {
  return { id: sessionId, user_id: userId };
}
