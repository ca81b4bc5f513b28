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
      if (!options.newOwner) await deps.queries.profileImages.deleteOwnedBy(whose, db, value === null ? null : storedImageId(deps, folder, value));
      if (!image) return;
      await deps.queries.profileImages.insert({ id, ...whose, contentType: image.type.contentType, data: image.bytes.toString("base64"), createdAt: deps.clock.now() }, db);
    },
  };
}

/** The id of the stored image a URL of this server names in `folder`, else null. */
function storedImageId(deps: AppDeps, folder: ProfileImageFolder, url: string): string | null {
  const prefix = `${storageBaseUrl(deps)}/${folder}/`;
  if (!url.startsWith(prefix)) return null;
  const match = /^([0-9a-f-]{36})\.[a-z]+$/.exec(url.slice(prefix.length));
  return match ? match[1]! : null;
}
