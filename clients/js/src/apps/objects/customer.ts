import type { Session } from "../../core/tokens/session.js";
import type { ClientComponents } from "../../generated.js";
import type { AppContext } from "../context.js";
import type { CustomerType } from "./item.js";

/** An offer described in code instead of the project config (servers only). Stack's `InlineOffer`. */
export type InlineOffer = ClientComponents["schemas"]["InlineOffer"];

/** What a checkout URL is for: an offer of the project config, or (server objects) an inline offer. */
export type CheckoutUrlOptions = { offerId: string } | { offer: InlineOffer };

/**
 * `createCheckoutUrl` of a customer (user or team). Like Stack's SDK, the request is a client request:
 * through the user's session for the signed-in user's objects, and without a session for server
 * objects. An inline offer is sent as `inline_offer`, which the server accepts only with server access,
 * so a server object's inline offer is refused exactly as Stack Auth refuses it.
 */
export function checkoutUrlMethod(context: AppContext, customerType: CustomerType, customerId: string, session: Session | null) {
  /**
   * The URL of the hosted checkout page for an offer, for this customer; the code in it works for 24
   * hours and one purchase.
   * @example
   * ```ts
   * const url = await user.createCheckoutUrl({ offerId: "pro" });
   * window.location.assign(url);
   * ```
   */
  return async function createCheckoutUrl(options: CheckoutUrlOptions): Promise<string> {
    const offer = "offerId" in options ? { offer_id: options.offerId } : { inline_offer: options.offer };
    const { url } = await context.client("post", "/payments/purchases/create-purchase-url", {
      body: { customer_type: customerType, customer_id: customerId, ...offer },
    }, session ?? context.noSession);
    return url;
  };
}
