import type { Session } from "../../core/tokens/session.js";

/** A session's tokens, for handing to another app or service. */
export interface SessionHandle {
  /** Tokens whose access token is likely valid (refreshed first if needed). @example `const { accessToken } = await user.currentSession.getTokens();` */
  getTokens(): Promise<{ accessToken: string | null; refreshToken: string | null }>;
}

export function sessionHandle(session: Session): SessionHandle {
  return {
    async getTokens() {
      const tokens = await session.getLikelyValidTokens();
      return tokens ?? { accessToken: null, refreshToken: null };
    },
  };
}

/** A session of a user, as listed by `getActiveSessions()`. */
export interface ActiveSession {
  id: string;
  userId: string;
  createdAt: Date;
  isImpersonation: boolean;
  lastUsedAt: Date | undefined;
  isCurrentSession: boolean;
  /** Where the session was started: `{ ip }` when the server knows the address. */
  geoInfo?: unknown;
  /** Latchkey: the User-Agent of the browser or program that started the session; null when unknown. */
  userAgent: string | null;
}

export function activeSessionOf(json: { id: string; user_id: string; created_at: number; is_impersonation: boolean; last_used_at?: number; is_current_session?: boolean; last_used_at_end_user_ip_info?: unknown; user_agent?: string | null }): ActiveSession {
  return {
    id: json.id,
    userId: json.user_id,
    createdAt: new Date(json.created_at),
    isImpersonation: json.is_impersonation,
    lastUsedAt: json.last_used_at === undefined ? undefined : new Date(json.last_used_at),
    isCurrentSession: json.is_current_session ?? false,
    userAgent: json.user_agent ?? null,
    ...(json.last_used_at_end_user_ip_info !== undefined && { geoInfo: json.last_used_at_end_user_ip_info }),
  };
}
