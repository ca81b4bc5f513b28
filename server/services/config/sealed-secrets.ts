/**
 * Secrets inside a project's configuration (its SMTP password, OAuth client secrets; later Stripe keys
 * and webhook signing secrets: add their paths below) are stored encrypted with the server secret. The
 * projects queries are wrapped (deps.ts) so that every row is sealed on its way in and opened on its way
 * out: services, views and the admin API (which the wire protocol lets read them back) see plain values,
 * the database never holds one. A value stored before this change stays readable and is sealed at the
 * project's next write.
 */
import type { ProjectRow, projectQueries } from "../../db/queries/projects.js";
import type { Db } from "../../db/store.js";
import type { SecretBox } from "../secret-box.js";
import type { ConfigOverride } from "./override.js";

/** Paths of secret values in the configuration tree (`*` matches any one key). */
export const SECRET_CONFIG_PATHS: readonly (readonly string[])[] = [
  ["emails", "server", "password"],
  ["auth", "oauth", "providers", "*", "clientSecret"],
];

const SEALED = "sealed:";
const PURPOSE = "project-config";

function isSecretPath(path: readonly string[]): boolean {
  return SECRET_CONFIG_PATHS.some((pattern) => pattern.length === path.length && pattern.every((part, i) => part === "*" || part === path[i]));
}

/**
 * A copy of `value` with `change` applied to every string at a secret path, or `value` itself when there
 * is none. Override keys may be dot-paths at any depth (`"emails.server": {password}`, `"emails.server.password"`).
 */
function mapSecrets(value: unknown, path: readonly string[], change: (text: string) => string): unknown {
  if (typeof value === "string") return isSecretPath(path) ? change(value) : value;
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, child] of Object.entries(value)) {
    const mapped = mapSecrets(child, [...path, ...key.split(".")], change);
    if (mapped !== child) (copy ??= { ...(value as Record<string, unknown>) })[key] = mapped;
  }
  return copy ?? value;
}

export function sealConfigSecrets(override: ConfigOverride, secrets: SecretBox): ConfigOverride {
  return mapSecrets(override, [], (text) => (text.startsWith(SEALED) ? text : SEALED + secrets.encrypt(text, PURPOSE))) as ConfigOverride;
}

export function openConfigSecrets(override: ConfigOverride, secrets: SecretBox): ConfigOverride {
  return mapSecrets(override, [], (text) => (text.startsWith(SEALED) ? secrets.decrypt(text.slice(SEALED.length), PURPOSE) : text)) as ConfigOverride;
}

type ProjectQueries = ReturnType<typeof projectQueries>;

/** The projects queries with configuration secrets sealed at rest (see the module comment). */
export function withSealedConfigSecrets(queries: ProjectQueries, secrets: SecretBox): ProjectQueries {
  // Cached rows come back as the same object, so each is opened once (and renders once downstream).
  const opened = new WeakMap<ProjectRow, ProjectRow>();
  const open = (row: ProjectRow): ProjectRow => {
    let result = opened.get(row);
    if (!result) {
      const configOverride = openConfigSecrets(row.configOverride, secrets);
      result = configOverride === row.configOverride ? row : { ...row, configOverride };
      opened.set(row, result);
    }
    return result;
  };
  return {
    ...queries,
    async find(id: string, db?: Db) {
      const row = await queries.find(id, db);
      return row && open(row);
    },
    async listOwnedBy(teamIds: string[]) {
      return (await queries.listOwnedBy(teamIds)).map(open);
    },
    async insert(row, db?: Db) {
      return open(await queries.insert({ ...row, configOverride: sealConfigSecrets(row.configOverride, secrets) }, db));
    },
    async update(id: string, patch, db?: Db) {
      const sealed = patch.configOverride ? { ...patch, configOverride: sealConfigSecrets(patch.configOverride, secrets) } : patch;
      const row = await queries.update(id, sealed, db);
      return row && open(row);
    },
  };
}
