/**
 * The apps a signed-in user has let sign them in through the project's identity provider (OAuth clients
 * they consented to on the consent page), and withdrawing that consent.
 */
import type { Session } from "../../core/tokens/session.js";
import type { AppContext } from "../context.js";

/** An app the user allowed on the consent page. */
export interface AuthorizedApp {
  /** The OAuth client's id. */
  clientId: string;
  /** The name the app registered with (shown on the consent page). */
  clientName: string;
  /** Its logo, when it has one (https). */
  logoUrl: string | null;
  /** The scopes the user granted it. */
  scopes: string[];
  /** When the user first allowed it. */
  grantedAt: Date;
}

export function authorizedAppMethods(context: AppContext, session: Session) {
  return {
    /** The apps the user has allowed to sign them in (OAuth clients of the project's identity provider). @example `const apps = await user.listAuthorizedApps();` */
    async listAuthorizedApps(): Promise<AuthorizedApp[]> {
      const { items } = await context.client("get", "/users/me/authorized-apps", {}, session);
      return items.map((app) => ({ clientId: app.client_id, clientName: app.client_name, logoUrl: app.logo_url, scopes: app.scopes, grantedAt: new Date(app.granted_at_millis) }));
    },
    /**
     * Withdraws the user's consent from an app: its refresh tokens stop working and it must ask again.
     * @example
     * ```ts
     * const [app] = await user.listAuthorizedApps();
     * if (app) await user.revokeAuthorizedApp(app.clientId);
     * ```
     */
    async revokeAuthorizedApp(clientId: string): Promise<void> {
      await context.client("delete", "/users/me/authorized-apps/{client_id}", { path: { client_id: clientId } }, session);
      context.changed();
    },
  };
}
