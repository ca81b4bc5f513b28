/**
 * Client authentication at the token, revocation and introspection endpoints (RFC 6749 section 2.3):
 * client_secret_basic or client_secret_post for confidential clients, client_id alone for public ones.
 */
import type { OAuthClientRow } from "../db/queries/identity-provider.js";
import type { AppDeps } from "../deps.js";
import { hashSecret, safeEqual } from "../services/secrets.js";

export type ClientAuthResult = { ok: true; client: OAuthClientRow; authenticated: boolean } | { ok: false };

function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  if (!header?.toLowerCase().startsWith("basic ")) return null;
  const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  try {
    return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

export async function authenticateClient(deps: AppDeps, projectId: string, form: URLSearchParams, authorization: string | undefined): Promise<ClientAuthResult> {
  const basic = basicCredentials(authorization);
  const bodySecret = form.get("client_secret");
  if (basic && bodySecret !== null) return { ok: false };
  const clientId = basic?.id ?? form.get("client_id");
  const secret = basic?.secret ?? bodySecret;
  if (!clientId) return { ok: false };
  if (basic && form.get("client_id") !== null && form.get("client_id") !== basic.id) return { ok: false };
  const client = await deps.queries.identityProvider.findClient(projectId, clientId);
  if (!client) return { ok: false };
  // A metadata-document client stops working when the project turns the documents off.
  if (client.registeredBy === "metadata_document" && !(await deps.queries.identityProvider.settings(projectId)).metadataDocumentsEnabled) return { ok: false };
  if (client.type === "public") return secret ? { ok: false } : { ok: true, client, authenticated: false };
  if (!secret || !client.secretHash || !safeEqual(hashSecret(secret), client.secretHash)) return { ok: false };
  return { ok: true, client, authenticated: true };
}
