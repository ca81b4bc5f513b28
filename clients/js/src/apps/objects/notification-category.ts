import type { Session } from "../../core/tokens/session.js";
import type { ClientComponents } from "../../generated.js";
import { type AppContext, serverApi } from "../context.js";

type PreferenceJson = ClientComponents["schemas"]["NotificationPreference"];

/** A kind of e-mail the user may turn off (Transactional cannot be). Stack's `NotificationCategory`. */
export interface NotificationCategory {
  id: string;
  name: string;
  enabled: boolean;
  canDisable: boolean;
  /**
   * Turns the category on or off for this user.
   * @example `await marketing.setEnabled(false);`
   */
  setEnabled(enabled: boolean): Promise<void>;
}

/**
 * `listNotificationCategories` of a user: through the signed-in user's session (`session` given, the
 * user `me`), or with server access for a user by id (`session` null).
 */
export function notificationCategoriesMethod(context: AppContext, userId: string, session: Session | null) {
  const list = async (): Promise<PreferenceJson[]> => {
    const path = { user_id: userId };
    const answer = session
      ? await context.client("get", "/emails/notification-preference/{user_id}", { path }, session)
      : await serverApi(context)("get", "/emails/notification-preference/{user_id}", { path });
    return answer.items;
  };
  const setEnabled = async (categoryId: string, enabled: boolean) => {
    const parts = { path: { user_id: userId, notification_category_id: categoryId }, body: { enabled } };
    if (session) await context.client("patch", "/emails/notification-preference/{user_id}/{notification_category_id}", parts, session);
    else await serverApi(context)("patch", "/emails/notification-preference/{user_id}/{notification_category_id}", parts);
    context.changed();
  };
  /**
   * The user's notification categories with whether each is on.
   * @example
   * ```ts
   * const categories = await user.listNotificationCategories();
   * await categories.find((c) => c.name === "Marketing")?.setEnabled(false);
   * ```
   */
  return async function listNotificationCategories(): Promise<NotificationCategory[]> {
    return (await list()).map((json) => ({
      id: json.notification_category_id,
      name: json.notification_category_name,
      enabled: json.enabled,
      canDisable: json.can_disable,
      setEnabled: (enabled: boolean) => setEnabled(json.notification_category_id, enabled),
    }));
  };
}
