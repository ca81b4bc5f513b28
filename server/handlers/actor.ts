/** Who a request acts as, for the events its changes record. */
import type { Auth } from "../http/auth.js";
import type { EventActor } from "../services/events.js";

export function actorOf(auth: Auth): EventActor {
  return { accessType: auth.accessType, userId: auth.user?.user.id ?? null };
}
