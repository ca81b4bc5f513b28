import type { paymentProcedures } from "../../contract/payments.js";
import { statusError } from "../errors.js";
import type { HandlerMap } from "../http/handler.js";
import { renderProjectConfig } from "../services/config/project-config.js";
import { createPurchaseUrl, findPurchaseCode, isTestMode } from "../services/payments/checkout.js";
import { cancelCustomerPurchase, customerFor, customerOverview } from "../services/payments/customers.js";
import { createStripeCheckout, stripeAccountId } from "../services/payments/stripe.js";
import { completeTestModePurchase, testPurchasesWithCode } from "../services/payments/test-purchases.js";
import { customerPurchaseToJson, offerToJson } from "../views/payments.js";

/**
 * Checkout and a customer's purchases. The checkout page's validate-code and Stripe purchase session are
 * public: the code from the checkout URL is their credential. A test-mode purchase needs the project's
 * admin, or the code alone where the project allows it in development (test-purchases.ts).
 */
export const paymentHandlers = {
  async createPurchaseUrl({ auth, deps }, { body }) {
    if (body.offer_inline !== undefined && body.inline_offer !== undefined) throw statusError("purchaseOfferChoice");
    const inlineOffer = body.offer_inline ?? body.inline_offer;
    const url = await createPurchaseUrl(deps, auth.project, { accessType: auth.accessType, userId: auth.user?.user.id ?? null }, {
      customer: { type: body.customer_type, id: body.customer_id },
      ...(body.offer_id !== undefined && { offerId: body.offer_id }),
      ...(inlineOffer !== undefined && { inlineOffer }),
    });
    return { url };
  },

  async validatePurchaseCode({ deps }, { body }) {
    const { project, code } = await findPurchaseCode(deps, body.full_code);
    const items = renderProjectConfig(project).payments.items;
    return {
      project_id: project.id,
      project_display_name: project.displayName,
      offer_id: code.offerId,
      offer: offerToJson(code.offer, code.offerId === null, items),
      customer_type: code.customerType,
      customer_id: code.customerId,
      test_mode: isTestMode(project),
      test_purchase_with_code: await testPurchasesWithCode(deps, project),
      stripe_ready: (await stripeAccountId(deps, project.id)) !== null && Boolean(deps.config.stripe?.secretKey),
      expires_at_millis: code.expiresAt.getTime(),
    };
  },

  async testModePurchaseSession({ deps, optionalAuth }, { body }) {
    const caller = optionalAuth && { projectId: optionalAuth.project.id, accessType: optionalAuth.accessType };
    await completeTestModePurchase(deps, body.full_code, body.price_id, body.quantity, caller);
    return { success: true as const };
  },

  async createPurchaseSession({ deps }, { body }) {
    return { url: await createStripeCheckout(deps, body.full_code, body.price_id, body.quantity) };
  },

  async listCustomerPurchases({ auth, deps }, { params }) {
    const customer = await customerFor(deps, auth.project, { accessType: auth.accessType, userId: auth.user?.user.id ?? null }, params.customer_type, params.customer_id);
    const overview = await customerOverview(deps, auth.project, customer);
    return {
      purchases: overview.purchases.map(customerPurchaseToJson),
      items: overview.items.map((item) => ({ id: item.id, display_name: item.displayName, quantity: item.quantity })),
    };
  },

  async cancelPurchase({ auth, deps }, { params }) {
    const customer = await customerFor(deps, auth.project, { accessType: auth.accessType, userId: auth.user?.user.id ?? null }, params.customer_type, params.customer_id);
    await cancelCustomerPurchase(deps, auth.project, customer, params.purchase_id);
    return { success: true as const };
  },
} satisfies HandlerMap<typeof paymentProcedures>;
