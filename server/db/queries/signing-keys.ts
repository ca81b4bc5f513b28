import { desc, eq } from "drizzle-orm";
import type { Store } from "../store.js";

export function signingKeyQueries(store: Store) {
  const { signingKeys: keys } = store.t;
  return {
    async newestForProject(projectId: string) {
      const [row] = await store.db.select().from(keys).where(eq(keys.projectId, projectId)).orderBy(desc(keys.createdAt)).limit(1);
      return row;
    },
    async allForProject(projectId: string) {
      return store.db.select().from(keys).where(eq(keys.projectId, projectId)).orderBy(desc(keys.createdAt));
    },
    async byId(id: string) {
      const [row] = await store.db.select().from(keys).where(eq(keys.id, id)).limit(1);
      return row;
    },
    async insert(row: typeof keys.$inferInsert) {
      await store.db.insert(keys).values(row);
    },
  };
}
