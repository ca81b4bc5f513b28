import type { Session } from "../core/tokens/session.js";
import { internalUserHooks, type ClientAppCore } from "./client-app-core.js";
import { KnownErrors } from "../core/errors/known-errors.js";
import type { AppContext } from "./context.js";
import type { AdminComponents } from "../generated.js";
import { createAdminProject, projectUpdateBody, type AdminProjectUpdateOptions } from "./objects/admin-project.js";
import { customerOf } from "./objects/item.js";
import type { AdminAppOptions } from "./admin-app-base.js";
import { AdminAppEmails } from "./admin-app-emails.js";

export type { AdminAppOptions, InternalApiKeyCreateOptions, PermissionDefinition } from "./admin-app-base.js";
export type { EmailConfig } from "./admin-app-emails.js";

/** A payment transaction as the API sends it (snake_case, like Stack's `AdminTransaction`). */
export type AdminTransaction = AdminComponents["schemas"]["PaymentTransaction"];

export interface ListTransactionsOptions {
  cursor?: string;
  /** 1-200; the server's default is 50. */
  limit?: number;
  type?: "subscription" | "one_time" | "item_quantity_change";
  customerType?: "user" | "team" | "custom";
}

/** The project's Stripe connected account. */
export interface StripeAccountInfo {
  account_id: string;
  charges_enabled: boolean;
  details_submitted: boolean;
  payouts_enabled: boolean;
}

type ItemChangeOwner = { userId: string } | { teamId: string } | { customCustomerId: string };

/**
 * The admin app: everything the server app does, plus the project's settings, key sets and permission
 * definitions, with the super secret admin key or a project owner's session. Stack's `StackAdminApp`.
 *
 * @example
 * ```ts
 * const admin = new LatchkeyAdminApp({ baseUrl, projectId, publishableClientKey, secretServerKey, superSecretAdminKey, tokenStore: "memory" });
 * const project = await admin.getProject();
 * await project.update({ config: { signUpEnabled: false } });
 * ```
 */
export class LatchkeyAdminApp extends AdminAppEmails {
  /**
   * Changes a customer's item quantity by `quantity` (negative to take away); throws
   * `ItemQuantityInsufficientAmount` when it would go below zero.
   * @example
   * ```ts
   * await admin.createItemQuantityChange({ userId, itemId: "credits", quantity: 5, description: "welcome gift" });
   * ```
   */
  async createItemQuantityChange(options: ItemChangeOwner & { itemId: string; quantity: number; expiresAt?: string; description?: string }): Promise<void> {
    await this.admin("post", "/payments/items/{customer_type}/{customer_id}/{item_id}/update-quantity", {
      path: { ...customerOf(options), item_id: options.itemId },
      query: { allow_negative: false },
      body: { delta: options.quantity, expires_at: options.expiresAt, description: options.description },
    });
    this.changed();
  }

  // ---- E-mail -------------------------------------------------------------------------------------

  /** Starts (or continues) Stripe onboarding; answers Stripe's onboarding page. @example `window.location.assign((await admin.setupPayments()).url);` */
  async setupPayments(): Promise<{ url: string }> {
    const { url } = await this.admin("post", "/internal/payments/setup", { body: {} });
    this.changed();
    return { url };
  }

  /** An account session for Stripe's embedded components. @example `const { client_secret } = await admin.createStripeWidgetAccountSession();` */
  async createStripeWidgetAccountSession(): Promise<{ client_secret: string }> {
    const { client_secret } = await this.admin("post", "/internal/payments/stripe-widgets/account-session", { body: {} });
    return { client_secret };
  }

  /** The project's Stripe account; null before `setupPayments` made one. @example `const stripe = await admin.getStripeAccountInfo();` */
  async getStripeAccountInfo(): Promise<StripeAccountInfo | null> {
    try {
      const info = await this.admin("get", "/internal/payments/stripe/account-info", {});
      return { account_id: info.account_id, charges_enabled: info.charges_enabled, details_submitted: info.details_submitted, payouts_enabled: info.payouts_enabled };
    } catch (caught) {
      if (caught instanceof KnownErrors.StripeAccountInfoNotFound) return null;
      throw caught;
    }
  }

  /**
   * Payment transactions (purchases and item quantity changes), newest first, a page at a time.
   * @example
   * ```ts
   * const { transactions, nextCursor } = await admin.listTransactions({ limit: 20, type: "subscription" });
   * ```
   */
  async listTransactions(options: ListTransactionsOptions = {}): Promise<{ transactions: AdminTransaction[]; nextCursor: string | null }> {
    const answer = await this.admin("get", "/internal/payments/transactions", {
      query: {
        cursor: options.cursor,
        ...(options.limit !== undefined && { limit: String(options.limit) }),
        type: options.type,
        customer_type: options.customerType,
      },
    });
    return { transactions: answer.transactions, nextCursor: answer.next_cursor };
  }

  /**
   * Completes a checkout code's purchase without payment, when the project is in test mode.
   * @example
   * ```ts
   * const url = await user.createCheckoutUrl({ offerId: "pro" });
   * const fullCode = decodeURIComponent(new URL(url).pathname.split("/").at(-1)!);
   * await admin.testModePurchase({ priceId: "monthly", fullCode });
   * ```
   */
  async testModePurchase(options: { priceId: string; fullCode: string; quantity?: number }): Promise<void> {
    await this.admin("post", "/internal/payments/test-mode-purchase-session", {
      body: { price_id: options.priceId, full_code: options.fullCode, quantity: options.quantity },
    });
    this.changed();
  }
}

type AdminAppClass = new (options: AdminAppOptions) => LatchkeyAdminApp;
/** The class of owned projects' admin apps: this one, or a subclass another layer registered. */
let OwnedProjectAdminApp: AdminAppClass = LatchkeyAdminApp;

/**
 * @internal Builds owned projects' `app` with `appClass` from now on: the React bindings register their
 * `StackAdminApp`, so `user.useOwnedProjects()[0].app.useProject()` works as in Stack's React SDK.
 */
export function registerOwnedProjectAdminApp(appClass: AdminAppClass): void {
  OwnedProjectAdminApp = appClass;
}

/** A project owned by the signed-in internal user, with an admin app acting through the owner's session. */
function ownedProject(app: ClientAppCore, session: Session, json: Parameters<typeof createAdminProject>[1]) {
  const admin = new OwnedProjectAdminApp({
    baseUrl: app._transport.options.baseUrl,
    projectId: json.id,
    tokenStore: null,
    projectOwnerSession: session,
    ...(app._options.fetch && { fetch: app._options.fetch }),
  });
  return Object.assign(createAdminProject(admin._context, json), { app: admin });
}

/**
 * The methods a signed-in user of the internal project (a project owner) gets on top of `CurrentUser`; the
 * client app joins them to the user object. `CurrentInternalUser` takes its type from this function.
 */
export function projectOwnerMethods(app: ClientAppCore, session: Session) {
  return {
    /**
     * Creates a project owned by one of this user's teams.
     * @example
     * ```ts
     * const project = await owner.createProject({ displayName: "Shop", teamId: owner.selectedTeam!.id });
     * ```
     */
    async createProject(options: AdminProjectUpdateOptions & { displayName: string; teamId: string }) {
      const context: AppContext = app._context;
      const created = await context.client("post", "/internal/projects", { body: { ...projectUpdateBody(options), display_name: options.displayName, owner_team_id: options.teamId } }, session);
      context.changed();
      return ownedProject(app, session, created);
    },
    /** The projects this user's teams own, each with an admin app acting for it. @example `const projects = await owner.listOwnedProjects();` */
    async listOwnedProjects() {
      const { items } = await app._context.client("get", "/internal/projects", {}, session);
      return items.map((p) => ownedProject(app, session, p));
    },
  };
}

internalUserHooks.methods = projectOwnerMethods;
