/**
 * The one place profile images are stored: a base64 data URL given for a user, a team or a team member
 * profile is kept in the database and replaced by the URL the server serves it at
 * (`«storage base»/«folder»/«uuid».«ext»`, as Stack's backend answers with its object storage's URL);
 * any other value (an http(s) URL, null) is stored as given. Either way the owner's previously stored
 * image is removed, so an owner holds at most one. The data URL is checked before anything is written;
 * the image is written in the owner's unit of work, so a failed change stores nothing.
 */
import { randomUUID } from "node:crypto";
import type { ProfileImageFolder, ProfileImageOwner } from "../../db/queries/profile-images.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";
import { decodeImageDataUrl, isImageDataUrl } from "./data-url.js";

export type { ProfileImageFolder };

/** Where stored images are served by this server (http/storage-route.ts). */
export const STORAGE_PATH = "/storage";

/** The base URL stored images are named under: the configured one, else this server's `/storage`. */
export function storageBaseUrl(deps: Pick<AppDeps, "config">): string {
  return (deps.config.storagePublicUrl ?? `${deps.config.publicUrl}${STORAGE_PATH}`).replace(/\/+$/, "");
}

/** A profile image value on its way to storage (planProfileImage). */
export interface PlannedProfileImage<V> {
  /** What the owner's `profile_image_url` becomes: the image's URL for a data URL, else the value as given. */
  value: V | string;
  /**
   * Writes the image (and removes the owner's previous one) in the owner's unit of work, once the
   * owner's row exists; `newOwner` skips the removal for an owner created in this unit.
   */
  store(db: Db, owner: Omit<ProfileImageOwner, "folder">, options?: { newOwner?: boolean }): Promise<void>;
}

/**
 * Decodes and checks a `profile_image_url` given for an owner in `folder` (throws the profile-image
 * errors of data-url.ts); undefined plans no change.
 */
export function planProfileImage<V extends string | null | undefined>(deps: AppDeps, folder: ProfileImageFolder, value: V): PlannedProfileImage<V> {
  if (value === undefined) return { value, store: async () => {} };
  const image = value !== null && isImageDataUrl(value) ? decodeImageDataUrl(value) : null;
  const id = randomUUID();
  return {
    value: image ? `${storageBaseUrl(deps)}/${folder}/${id}.${image.type.extension}` : value,
    async store(db, owner, options = {}) {
      const whose = { ...owner, folder };
      // A client sending back the URL it was given keeps that image.
      if (!options.newOwner) await deps.queries.profileImages.deleteOwnedBy(whose, db, value === null ? null : storedImageId(folder, value));
      if (!image) return;
      await deps.queries.profileImages.insert({ id, ...whose, contentType: image.type.contentType, data: image.bytes.toString("base64"), createdAt: deps.clock.now() }, db);
    },
  };
}

/** `/«folder»/«uuid».«ext»` at the end of a URL's path: the part of a stored image's URL that names it. */
const STORED_IMAGE_PATH = /\/([a-z-]+)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[a-z]+$/;

/**
 * The id of the stored image a URL names in `folder`, else null: read from the URL's path alone, so an
 * image named under an earlier storage base (the operator changed LATCHKEY_STORAGE_PUBLIC_URL, or the
 * public URL) is still recognised when a client sends its URL back. Only the owner's own images are kept
 * by it (deleteOwnedBy), so a URL that merely looks like one of ours keeps nothing else.
 */
function storedImageId(folder: ProfileImageFolder, url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const match = STORED_IMAGE_PATH.exec(path);
  return match && match[1] === folder ? match[2]! : null;
}
