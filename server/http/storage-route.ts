/**
 * Serves stored profile images (services/profile-images/) at `/storage/«folder»/«uuid».«ext»`, to anyone:
 * their URLs are public, as object-storage URLs are. An image never changes under its URL, so browsers
 * and proxies may keep it for a year; the answer is only ever an image (no sniffing, a policy under
 * which nothing runs even when opened as a document).
 */
import type { Context } from "hono";
import type { ProfileImageFolder } from "../db/queries/profile-images.js";
import type { AppDeps } from "../deps.js";
import { imageTypesByExtension } from "../services/profile-images/data-url.js";

const folders: readonly string[] = ["user-profile-images", "team-profile-images", "team-member-profile-images"] satisfies ProfileImageFolder[];
const FILE_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z]+)$/;

export const IMAGE_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

export function storedImageHandler(deps: AppDeps) {
  return async function storedImage(c: Context): Promise<Response> {
    const folder = c.req.param("folder") ?? "";
    const match = FILE_NAME.exec(c.req.param("file") ?? "");
    const type = match ? imageTypesByExtension[match[2]!] : undefined;
    const row = match && type && folders.includes(folder) ? await deps.queries.profileImages.find(folder as ProfileImageFolder, match[1]!) : undefined;
    if (!row || row.contentType !== type!.contentType) {
      return c.text("Not found", 404, { "cache-control": "no-store, max-age=0", "content-security-policy": IMAGE_CONTENT_SECURITY_POLICY });
    }
    const bytes = Buffer.from(row.data, "base64");
    return c.body(bytes, 200, {
      "content-type": row.contentType,
      "content-length": String(bytes.length),
      "cache-control": "public, max-age=31536000, immutable",
      "content-security-policy": IMAGE_CONTENT_SECURITY_POLICY,
      "x-content-type-options": "nosniff",
      "content-disposition": "inline",
      // Apps served with Cross-Origin-Embedder-Policy may show it too.
      "cross-origin-resource-policy": "cross-origin",
    });
  };
}
