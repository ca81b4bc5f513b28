import type { paymentAdminProcedures } from "../../contract/payments-admin.js";
import type { HandlerMap } from "../http/handler.js";
import { setupStripe, stripeAccountInfo, stripeAccountSession } from "../services/payments/stripe.js";
import { listTransactions } from "../services/payments/transactions.js";
import { purchaseTransactionToJson, quantityChangeTransactionToJson } from "../views/payments.js";

export const paymentAdminHandlers = {
  async setupPayments({ auth, deps }) {
    return { url: await setupStripe(deps, auth.project) };
  },

  async stripeAccountInfo({ auth, deps }) {
    return stripeAccountInfo(deps, auth.project);
  },

  async stripeAccountSession({ auth, deps }) {
    return { client_secret: await stripeAccountSession(deps, auth.project) };
  },

  async listTransactions({ auth, deps }, { query }) {
    const { entries, nextCursor } = await listTransactions(deps, auth.project.id, {
      ...(query.cursor !== undefined && { cursor: query.cursor }),
      ...(query.limit !== undefined && { limit: query.limit }),
      ...(query.type !== undefined && { type: query.type }),
      ...(query.customer_type !== undefined && { customerType: query.customer_type }),
    });
    return {
      transactions: entries.map((e) => (e.kind === "purchase" ? purchaseTransactionToJson(e.row) : quantityChangeTransactionToJson(e.row))),
      next_cursor: nextCursor,
    };
  },
} satisfies HandlerMap<typeof paymentAdminProcedures>;
