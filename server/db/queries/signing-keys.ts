import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db, Store } from "../store.js";

export function signingKeyQueries(store: Store) {
  const { signingKeys: keys } = store.t;
  return {
    async newestForProject(projectId: string) {
      const [row] = await store.db.select().from(keys).where(eq(keys.projectId, projectId)).orderBy(desc(keys.createdAt)).limit(1);
      return row;
    },
    /** The sealed private key made last, of any project (the start-up check that the server secret opens them). */
    async newestSealed() {
      const [row] = await store.db.select({ privateKey: keys.privateKey }).from(keys).orderBy(desc(keys.createdAt)).limit(1);
      return row?.privateKey;
    },
    /** Every key of the project, retired ones included. */
    async allForProject(projectId: string, db: Db = store.db) {
      return db.select().from(keys).where(eq(keys.projectId, projectId)).orderBy(desc(keys.createdAt));
    },
    async byId(id: string) {
      const [row] = await store.db.select().from(keys).where(eq(keys.id, id)).limit(1);
      return row;
    },
    async insert(row: typeof keys.$inferInsert, db: Db = store.db) {
      await db.insert(keys).values(row);
    },
    /** Changes a key that is not retired yet (a retired key never changes again). */
    async update(projectId: string, id: string, patch: Pick<Partial<typeof keys.$inferInsert>, "publicJwk" | "retiredAt">, db: Db) {
      await db.update(keys).set(patch).where(and(eq(keys.projectId, projectId), eq(keys.id, id), isNull(keys.retiredAt)));
    },
  };
}
