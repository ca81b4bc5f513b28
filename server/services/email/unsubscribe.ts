/**
 * One-click unsubscribe (RFC 8058). Every mail of a category a user may turn off carries a link
 * signed with the server secret; it needs no session. The link in the mail's body opens the hosted page
 * `/handler/unsubscribe`, which says what will be turned off and POSTs to the API on a button press. The
 * mail's `List-Unsubscribe` header points at the API URL itself (GET there only describes, so link
 * scanners unsubscribe no one; POST turns the category off), with `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click`.
 */
import { timingSafeEqual } from "node:crypto";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { categoryById, setPreference, type NotificationCategory } from "./preferences.js";

const MAC_PURPOSE = "email-unsubscribe";

interface UnsubscribeClaims {
  projectId: string;
  userId: string;
  category: NotificationCategory;
}

/** The signed code of a link: `base64url(JSON [project, user, category]).mac`. */
export function unsubscribeCode(deps: Pick<AppDeps, "secrets">, projectId: string, userId: string, categoryId: string): string {
  const data = Buffer.from(JSON.stringify([projectId, userId, categoryId]), "utf8").toString("base64url");
  return `${data}.${deps.secrets.mac(data, MAC_PURPOSE)}`;
}

/** The absolute API URL of the one-click POST (RFC 8058), for the `List-Unsubscribe` header. */
export function unsubscribeUrl(deps: Pick<AppDeps, "secrets" | "config">, projectId: string, userId: string, categoryId: string): string {
  const url = new URL("/api/v1/emails/unsubscribe-link", deps.config.publicUrl);
  url.searchParams.set("code", unsubscribeCode(deps, projectId, userId, categoryId));
  return url.toString();
}

/** The absolute URL of the hosted unsubscribe page, for the link in the mail's body (a person clicks it). */
export function unsubscribePageUrl(deps: Pick<AppDeps, "secrets" | "config">, projectId: string, userId: string, categoryId: string): string {
  const url = new URL("/handler/unsubscribe", deps.config.publicUrl);
  url.searchParams.set("code", unsubscribeCode(deps, projectId, userId, categoryId));
  url.searchParams.set("project_id", projectId);
  return url.toString();
}

/** The headers a mail with an unsubscribe link carries. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** Reads a code; throws `invalidUnsubscribeLink` for anything not signed by this server. */
export function readUnsubscribeCode(deps: Pick<AppDeps, "secrets">, code: string): UnsubscribeClaims {
  const invalid = () => statusError("invalidUnsubscribeLink");
  const [data, mac, ...rest] = code.split(".");
  if (!data || !mac || rest.length > 0) throw invalid();
  const expected = Buffer.from(deps.secrets.mac(data, MAC_PURPOSE));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(data, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((v) => typeof v === "string")) throw invalid();
  const [projectId, userId, categoryId] = parsed as [string, string, string];
  const category = categoryById(categoryId);
  if (!category?.canDisable) throw invalid();
  return { projectId, userId, category };
}

/** The confirmation shown on GET (nothing changes yet). */
export async function describeUnsubscribe(deps: AppDeps, code: string): Promise<string> {
  const claims = readUnsubscribeCode(deps, code);
  const project = await deps.queries.projects.find(claims.projectId);
  const from = project ? ` from ${project.displayName}` : "";
  return [
    `Unsubscribe from ${claims.category.name} e-mails${from}?`,
    "",
    "To confirm, send a POST request to this same address (your mail app's Unsubscribe button does this for you).",
    "You will still receive e-mails you need to use your account, such as sign-in links and security alerts.",
  ].join("\n");
}

/** Turns the link's category off for its user; a user deleted since is no error. Answers the confirmation text. */
export async function unsubscribe(deps: AppDeps, code: string): Promise<string> {
  const { projectId, userId, category } = readUnsubscribeCode(deps, code);
  if (await deps.queries.users.find(projectId, userId)) await setPreference(deps, projectId, userId, category, false);
  return `You are unsubscribed from ${category.name} e-mails. You can turn them back on in your account settings.`;
}
