import { type AppContext, optionalDate, serverApi, toDate } from "../context.js";

export type ApiKeyType = "user" | "team";

/** How long a key should last: a date, or null for never. */
export interface ApiKeyCreationOptions {
  description: string;
  expiresAt: Date | null;
  /** A public key is not revoked by secret scanners when found in public. */
  isPublic?: boolean;
}

export interface ApiKeyUpdateOptions {
  description?: string;
  expiresAt?: Date | null;
  revoked?: boolean;
}

interface ApiKeyJson {
  id: string;
  description: string;
  expires_at_millis?: number;
  manually_revoked_at_millis?: number;
  created_at_millis: number;
  type: ApiKeyType;
  user_id?: string;
  team_id?: string;
  value: string | { last_four: string };
}

/** A user or team API key; `value` is the full key only in the answer of `createApiKey`. */
export interface ApiKey<IsFirstView extends boolean = false> {
  id: string;
  description: string;
  expiresAt?: Date;
  manuallyRevokedAt: Date | null;
  createdAt: Date;
  type: ApiKeyType;
  userId?: string;
  teamId?: string;
  value: IsFirstView extends true ? string : { lastFour: string };
  /**
   * Changes the description or expiry, or revokes the key.
   * @example
   * ```ts
   * await key.update({ description: "CI runner" });
   * ```
   */
  update(options: ApiKeyUpdateOptions): Promise<void>;
  /** Revokes the key for good. @example `await key.revoke();` */
  revoke(): Promise<void>;
  /** Whether the key works: neither revoked nor expired (checked against this device's clock). @example `const usable = key.isValid();` */
  isValid(): boolean;
  /** Why the key is not valid (revocation first, then expiry), or null when it is. @example `if (key.whyInvalid() === "expired") console.log("Create a new key");` */
  whyInvalid(): "manually-revoked" | "expired" | null;
}

/** Whether a key is revoked or expired (SPEC section 4). */
export function whyInvalid(manuallyRevokedAt: Date | null | undefined, expiresAt: Date | undefined, now = Date.now()): "manually-revoked" | "expired" | null {
  if (manuallyRevokedAt) return "manually-revoked";
  if (expiresAt && expiresAt.getTime() < now) return "expired";
  return null;
}

/** Builds an API key object; `level` says which access level its update uses. */
export function createApiKey<F extends boolean>(context: AppContext, level: "client" | "server", json: ApiKeyJson, session: Parameters<AppContext["client"]>[3]): ApiKey<F> {
  const expiresAt = optionalDate(json.expires_at_millis);
  const manuallyRevokedAt = optionalDate(json.manually_revoked_at_millis) ?? null;
  const update = async (options: ApiKeyUpdateOptions) => {
    const body = {
      description: options.description,
      ...(options.expiresAt !== undefined && { expires_at_millis: options.expiresAt === null ? null : options.expiresAt.getTime() }),
      ...(options.revoked && { revoked: true as const }),
    };
    const path = { api_key_id: json.id };
    if (json.type === "user") {
      if (level === "server") await serverApi(context)("patch", "/user-api-keys/{api_key_id}", { path, body });
      else await context.client("patch", "/user-api-keys/{api_key_id}", { path, body }, session);
    } else if (level === "server") await serverApi(context)("patch", "/team-api-keys/{api_key_id}", { path, query: { team_id: json.team_id! }, body });
    else await context.client("patch", "/team-api-keys/{api_key_id}", { path, query: { team_id: json.team_id! }, body }, session);
    context.changed();
  };
  return {
    id: json.id,
    description: json.description,
    ...(expiresAt && { expiresAt }),
    manuallyRevokedAt,
    createdAt: toDate(json.created_at_millis),
    type: json.type,
    ...(json.type === "user" ? { userId: json.user_id! } : { teamId: json.team_id! }),
    value: (typeof json.value === "string" ? json.value : { lastFour: json.value.last_four }) as ApiKey<F>["value"],
    update,
    revoke: () => update({ revoked: true }),
    isValid: () => whyInvalid(manuallyRevokedAt, expiresAt) === null,
    whyInvalid: () => whyInvalid(manuallyRevokedAt, expiresAt),
  };
}

/** The create body shared by user and team keys. */
export function apiKeyCreateBody(options: ApiKeyCreationOptions): { description: string; expires_at_millis: number | null; is_public?: boolean } {
  return {
    description: options.description,
    expires_at_millis: options.expiresAt ? options.expiresAt.getTime() : null,
    is_public: options.isPublic,
  };
}
