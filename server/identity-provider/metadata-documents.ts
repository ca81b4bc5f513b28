/**
 * Client ID metadata documents (draft-ietf-oauth-client-id-metadata-document, the registration the MCP
 * authorization specification recommends): when the project allows it, a client_id that is an https URL
 * with a path names a JSON document the client hosts about itself. The server fetches it (outbound rules:
 * no private addresses, no redirects, at most 5 KB), checks it (its client_id is exactly the URL; public
 * client, token_endpoint_auth_method none, no secret; redirect URIs as for every client) and keeps it as a
 * client row (registered_by metadata_document), fetched again when older than an hour.
 */
import { randomUUID } from "node:crypto";
import type { OAuthClientRow } from "../db/queries/identity-provider.js";
import type { AppDeps } from "../deps.js";
import { StatusError } from "../errors.js";
import { recordEvent } from "../services/events.js";
import { getOutbound } from "../services/net/outbound-get.js";
import { checkClientFields } from "./clients.js";
import { oauthClientToJson } from "./client-view.js";
import { registrationInput } from "./registration.js";
import { knownScopes } from "./scopes.js";

export const METADATA_DOCUMENT_MAX_BYTES = 5 * 1024;
export const METADATA_DOCUMENT_TTL_MS = 3600_000;
const FETCH_TIMEOUT_MS = 5_000;

/** Whether a client_id is meant as a metadata document's URL (https), whatever else is wrong with it. */
export const looksLikeMetadataDocumentId = (clientId: string) => clientId.startsWith("https://");

/** Why an https client_id cannot name a metadata document, or null. */
export function metadataDocumentIdRefusal(clientId: string): string | null {
  if (!URL.canParse(clientId)) return "the client_id is not a valid URL";
  const url = new URL(clientId);
  if (url.protocol !== "https:") return "the client_id must be an https URL";
  if (url.username || url.password) return "the client_id URL must not carry credentials";
  if (url.hash || clientId.includes("#")) return "the client_id URL must not have a fragment";
  if (url.pathname === "/" || url.pathname === "") return "the client_id URL must have a path";
  if (/(^|\/)\.{1,2}(\/|$)/.test(clientId.slice(url.origin.length).split("?")[0]!)) return "the client_id URL must not have dot segments";
  if (url.href !== clientId) return "the client_id URL must be in its normal form";
  return null;
}

type Fields = Parameters<typeof checkClientFields>[0];

/** The client's fields from its document, or why the document is refused. */
export function documentFields(clientId: string, document: unknown, scopes: Set<string>): { ok: true; fields: Fields } | { ok: false; reason: string } {
  if (typeof document !== "object" || document === null || Array.isArray(document)) return { ok: false, reason: "the metadata document is not a JSON object" };
  const doc = document as Record<string, unknown>;
  if (doc.client_id !== clientId)
    return {
      ok: false,
      reason: "the metadata document's client_id is not its own URL",
    };
  if ("client_secret" in doc || "client_secret_expires_at" in doc)
    return {
      ok: false,
      reason: "a metadata document must not carry a client secret",
    };
  const method = doc.token_endpoint_auth_method ?? "none";
  if (method !== "none")
    return {
      ok: false,
      reason: "token_endpoint_auth_method must be none (shared secrets cannot be published)",
    };
  if (typeof doc.client_name !== "string" || !doc.client_name.trim()) return { ok: false, reason: "the metadata document names no client_name" };
  // Project scopes are not offered to a client nobody registered: only the standard ones.
  const read = registrationInput({ ...doc, token_endpoint_auth_method: "none" }, scopes);
  if (!read.ok) return { ok: false, reason: read.description };
  return { ok: true, fields: read.fields };
}

export type ResolvedClient = { ok: true; client: OAuthClientRow } | { ok: false; reason: string };

/**
 * The client row of a metadata-document client_id: the kept one while fresh, otherwise fetched and
 * checked again. Only called for https client_ids of projects that allow metadata documents.
 */
export async function resolveMetadataDocumentClient(deps: AppDeps, projectId: string, clientId: string, kept: OAuthClientRow | undefined): Promise<ResolvedClient> {
  const now = deps.clock.now();
  if (kept && kept.registeredBy === "metadata_document" && now.getTime() - kept.updatedAt.getTime() < METADATA_DOCUMENT_TTL_MS) return { ok: true, client: kept };
  if (kept && kept.registeredBy !== "metadata_document") return { ok: true, client: kept };
  const refusal = metadataDocumentIdRefusal(clientId);
  if (refusal) return { ok: false, reason: refusal };
  let document: unknown;
  try {
    const answer = await getOutbound(clientId, {
      allowPrivate: deps.config.allowPrivateOutbound,
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBytes: METADATA_DOCUMENT_MAX_BYTES,
      accept: "application/json",
    });
    if (answer.status !== 200)
      return {
        ok: false,
        reason: `the metadata document answered ${answer.status}`,
      };
    document = JSON.parse(answer.body);
  } catch (error) {
    deps.log.info("client ID metadata document not read", {
      projectId,
      clientId,
      reason: error instanceof Error ? error.message : String(error),
    });
    return { ok: false, reason: "the metadata document could not be read" };
  }
  const read = documentFields(clientId, document, knownScopes({ scopes: [] }));
  if (!read.ok) return read;
  try {
    checkClientFields(read.fields, knownScopes({ scopes: [] }));
  } catch (error) {
    if (error instanceof StatusError) return { ok: false, reason: error.message };
    throw error;
  }
  const { fields } = read;
  if (kept) {
    const updated = await deps.queries.identityProvider.updateClient(projectId, clientId, { ...fields, updatedAt: now });
    return updated ? { ok: true, client: updated } : { ok: false, reason: "the client is gone" };
  }
  const created = await deps.store
    .transaction(async (tx) => {
      const row = await deps.queries.identityProvider.insertClient(
        {
          id: randomUUID(),
          projectId,
          clientId,
          ...fields,
          secretHash: null,
          secretLastFour: null,
          registeredBy: "metadata_document",
          createdAt: now,
          updatedAt: now,
        },
        tx,
      );
      await recordEvent(deps, tx, "oauth_client.created", () => oauthClientToJson(row), { projectId, actor: null });
      return row;
    })
    // Two first sign-ins at once: the other one kept the document.
    .catch(async (error: unknown) => (await deps.queries.identityProvider.findClient(projectId, clientId)) ?? Promise.reject(error));
  return { ok: true, client: created };
}
