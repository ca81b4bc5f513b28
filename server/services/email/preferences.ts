/**
 * Notification categories and each user's choice per category. Transactional mail (verification,
 * password reset, security alerts) always goes out; a user may turn Marketing off.
 */
import { notificationCategories, type NotificationCategory } from "../../../contract/emails.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";

export type { NotificationCategory };

export const TRANSACTIONAL = notificationCategories[0];

export function categoryById(id: string): NotificationCategory | undefined {
  return notificationCategories.find((c) => c.id === id);
}

/** Category names are matched as written (`Transactional`, `Marketing`). */
export function categoryByName(name: string): NotificationCategory | undefined {
  return notificationCategories.find((c) => c.name === name);
}

export interface Preference {
  category: NotificationCategory;
  enabled: boolean;
}

/** Whether a category is on, given the stored choice (a category that cannot be turned off is always on). */
function effective(category: NotificationCategory, stored: boolean | undefined): boolean {
  if (!category.canDisable) return true;
  return stored ?? category.defaultEnabled;
}

/** A user's preference for every category. */
export async function listPreferences(deps: Pick<AppDeps, "queries">, projectId: string, userId: string): Promise<Preference[]> {
  const rows = await deps.queries.notificationPreferences.ofUser(projectId, userId);
  const stored = new Map(rows.map((r) => [r.categoryId, r.enabled]));
  return notificationCategories.map((category) => ({ category, enabled: effective(category, stored.get(category.id)) }));
}

/** Stores a user's choice for a category and answers the resulting preference. */
export async function setPreference(
  deps: Pick<AppDeps, "store" | "queries" | "clock">,
  projectId: string,
  userId: string,
  category: NotificationCategory,
  enabled: boolean,
  db: Db = deps.store.db,
): Promise<Preference> {
  await deps.queries.notificationPreferences.set({ projectId, userId, categoryId: category.id, enabled, updatedAt: deps.clock.now() }, db);
  return { category, enabled: effective(category, enabled) };
}

/** Of `userIds`, those who turned `category` off (no query for a category that cannot be turned off). */
export async function usersWithCategoryOff(deps: Pick<AppDeps, "queries">, projectId: string, userIds: readonly string[], category: NotificationCategory): Promise<Set<string>> {
  if (!category.canDisable || userIds.length === 0) return new Set();
  const rows: { userId: string; enabled: boolean }[] = [];
  // A few hundred ids per query, well below both dialects' parameter limits.
  for (let start = 0; start < userIds.length; start += 500) {
    const chunk = userIds.slice(start, start + 500);
    rows.push(...(await deps.queries.notificationPreferences.ofCategory(projectId, category.id, [...chunk])));
  }
  const off = new Set<string>();
  for (const row of rows) if (!effective(category, row.enabled)) off.add(row.userId);
  // With a category off by default, users without a row are off too.
  if (!category.defaultEnabled) {
    const stored = new Set(rows.map((r) => r.userId));
    for (const id of userIds) if (!stored.has(id)) off.add(id);
  }
  return off;
}
