import { and, eq, isNull, ne } from "drizzle-orm";
import { preparedInsert } from "../prepared-insert.js";
import type { Db, Store } from "../store.js";

export type ProfileImageFolder = "user-profile-images" | "team-profile-images" | "team-member-profile-images";

/** Whose image it is: a user, a team, or one user's profile in one team. */
export interface ProfileImageOwner {
  projectId: string;
  folder: ProfileImageFolder;
  userId: string | null;
  teamId: string | null;
}

export function profileImageQueries(store: Store) {
  const { profileImages: images } = store.t;
  const ownedBy = (owner: ProfileImageOwner) =>
    and(
      eq(images.projectId, owner.projectId),
      eq(images.folder, owner.folder),
      owner.userId === null ? isNull(images.userId) : eq(images.userId, owner.userId),
      owner.teamId === null ? isNull(images.teamId) : eq(images.teamId, owner.teamId),
    );
  // Also inside the insert batch of a sign-up or a server-created user (store.insertBatch).
  const insertImage = preparedInsert(store, images, { returning: false });
  return {
    /** The image served at `folder`/`id`, by its public id alone (the URL is public, as the image is). */
    async find(folder: ProfileImageFolder, id: string) {
      const [row] = await store.db
        .select({ contentType: images.contentType, data: images.data })
        .from(images)
        .where(and(eq(images.id, id), eq(images.folder, folder)))
        .limit(1);
      return row;
    },
    async insert(row: typeof images.$inferInsert, db: Db) {
      await insertImage(row, db);
    },
    /** Removes the owner's stored images (before its image changes), except the one with id `keep`. */
    async deleteOwnedBy(owner: ProfileImageOwner, db: Db, keep: string | null = null) {
      await db.delete(images).where(keep === null ? ownedBy(owner) : and(ownedBy(owner), ne(images.id, keep)));
    },
  };
}
