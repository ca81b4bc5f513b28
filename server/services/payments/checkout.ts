/**
 * Checkout (payments.md §2-3): `create-purchase-url` resolves the offer (a config offer by id, or an
 * inline one from a server), checks it against the customer, and stores a one-time code (hashed; the
 * URL carries it) that our hosted checkout page at `/handler/purchase/<project>_<code>` reads back. The
 * full code is lower case (`[a-z0-9_-]+`), as Stack's: clients cut it from the URL by that pattern.
 * The code lives 24 hours and completes at most one purchase: in test mode directly
 * (test-purchases.ts), otherwise through Stripe Checkout (stripe.ts).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { knownError } from "../../../contract/known-error.js";
import type { AccessType } from "../../../contract/procedure.js";
import { inlineToConfigOffer, type ConfigOffer, type InlineOffer } from "../../../contract/payments-config.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { PurchaseCodeRow } from "../../db/queries/purchase-codes.js";
import type { PurchaseRow } from "../../db/queries/purchases.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { renderProjectConfig } from "../config/project-config.js";
import { requireTeamPermission } from "../permissions/grants.js";
import type { Customer } from "../../db/queries/items.js";
import { createPurchase, priceOf } from "./purchases.js";

export const PURCHASE_CODE_LIFETIME_MS = 24 * 60 * 60 * 1000;
const CODE_PURPOSE = "purchase-code";

export interface PurchaseUrlRequest {
  customer: Customer;
  offerId?: string;
  inlineOffer?: InlineOffer;
}

/** Whether purchases complete without a payment provider: `payments.testMode`, by default on outside production mode. */
export function isTestMode(project: ProjectRow): boolean {
  return renderProjectConfig(project).payments.testMode ?? !project.isProductionMode;
}

/** The offer a request names, checked for who may buy it; throws the wire's errors. */
export function resolveOffer(project: ProjectRow, access: AccessType, request: PurchaseUrlRequest): { offerId: string | null; offer: ConfigOffer } {
  if ((request.offerId === undefined) === (request.inlineOffer === undefined)) throw statusError("purchaseOfferChoice");
  let offerId: string | null = null;
  let offer: ConfigOffer;
  if (request.inlineOffer) {
    if (access === "client") throw statusError("purchaseInlineOfferFromClient");
    offer = inlineToConfigOffer(request.inlineOffer);
  } else {
    offerId = request.offerId!;
    const offers = renderProjectConfig(project).payments.offers;
    const found = Object.hasOwn(offers, offerId) ? offers[offerId] : undefined;
    if (!found || (found.serverOnly && access === "client")) throw knownError("OFFER_DOES_NOT_EXIST", { offer_id: offerId, access_type: access });
    offer = found;
  }
  if (offer.customerType !== request.customer.type) {
    throw knownError("OFFER_CUSTOMER_TYPE_DOES_NOT_MATCH", {
      offer_id: offerId,
      customer_id: request.customer.id,
      offer_customer_type: offer.customerType,
      actual_customer_type: request.customer.type,
    });
  }
  return { offerId, offer };
}

/** Throws USER_NOT_FOUND / TEAM_NOT_FOUND for a user or team customer the project does not have. */
export async function requireCustomer(deps: AppDeps, projectId: string, customer: Customer): Promise<void> {
  if (customer.type === "user" && !(await deps.queries.users.find(projectId, customer.id))) throw knownError("USER_NOT_FOUND");
  if (customer.type === "team" && !(await deps.queries.teams.find(projectId, customer.id))) throw knownError("TEAM_NOT_FOUND", { team_id: customer.id });
}

function hashCode(deps: AppDeps, code: string): string {
  return deps.secrets.mac(code, CODE_PURPOSE);
}

/**
 * The checkout page's URL for a code. Like every hosted page it names its project in `?project_id=`
 * (left out for the internal project), so that the page is served with that project's settings.
 */
export function checkoutUrl(deps: AppDeps, fullCode: string): string {
  const projectId = fullCode.slice(0, fullCode.indexOf("_"));
  const query = projectId === "internal" ? "" : `?project_id=${encodeURIComponent(projectId)}`;
  return `${deps.config.publicUrl.replace(/\/+$/, "")}/handler/purchase/${encodeURIComponent(fullCode)}${query}`;
}

/** Who asks: the access level, and the signed-in user (clients act only for themselves, customers.ts, below). */
export interface Caller {
  accessType: AccessType;
  userId: string | null;
}

/** The team permission a client's user needs to buy for a team (Stack's choice: billing is the team admins'). */
export const TEAM_BUYER_PERMISSION = "team_admin";

/**
 * A client buys only for its signed-in user, or for a team in which that user holds TEAM_BUYER_PERMISSION;
 * custom customers are the app's own ids, so only servers name them. Servers and admins buy for anyone.
 */
async function requireClientMayBuyFor(deps: AppDeps, project: ProjectRow, caller: Caller, customer: Customer): Promise<void> {
  if (caller.accessType !== "client") return;
  if (caller.userId === null) throw knownError("USER_AUTHENTICATION_REQUIRED");
  if (customer.type === "team") return requireTeamPermission(deps, project, customer.id, caller.userId, TEAM_BUYER_PERMISSION);
  if (customer.type !== "user" || customer.id !== caller.userId) throw statusError("purchaseUrlOwnOnly");
}

/** Creates a code for the offer and answers the checkout page's URL. */
export async function createPurchaseUrl(deps: AppDeps, project: ProjectRow, caller: Caller, request: PurchaseUrlRequest): Promise<string> {
  const { offerId, offer } = resolveOffer(project, caller.accessType, request);
  await requireClientMayBuyFor(deps, project, caller, request.customer);
  if (offer.prices === "include-by-default") throw statusError("purchaseOfferNotBuyable");
  await requireCustomer(deps, project.id, request.customer);
  if (!isTestMode(project) && (await deps.queries.stripe.accountId(project.id)) === null) throw statusError("purchaseNeedsStripe");
  const code = randomBytes(24).toString("hex");
  const now = deps.clock.now();
  await deps.queries.purchaseCodes.insert({
    id: randomUUID(),
    projectId: project.id,
    codeHash: hashCode(deps, code),
    customerType: request.customer.type,
    customerId: request.customer.id,
    offerId,
    offer,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PURCHASE_CODE_LIFETIME_MS),
    usedAt: null,
    stripeSessionId: null,
  });
  return checkoutUrl(deps, `${project.id}_${code}`);
}

/**
 * The project and the live code a full code names. As Stack's verification codes answer: unknown (or of
 * another project) VERIFICATION_CODE_NOT_FOUND, used VERIFICATION_CODE_ALREADY_USED, lapsed VERIFICATION_CODE_EXPIRED.
 */
export async function findPurchaseCode(deps: AppDeps, fullCode: string, db: Db = deps.store.db, projectId?: string): Promise<{ project: ProjectRow; code: PurchaseCodeRow }> {
  const split = fullCode.indexOf("_");
  if (split <= 0 || (projectId !== undefined && fullCode.slice(0, split) !== projectId)) throw knownError("VERIFICATION_CODE_NOT_FOUND");
  const project = await deps.queries.projects.find(fullCode.slice(0, split), db);
  if (!project) throw knownError("VERIFICATION_CODE_NOT_FOUND");
  const code = await deps.queries.purchaseCodes.findByHash(project.id, hashCode(deps, fullCode.slice(split + 1)), db);
  if (!code) throw knownError("VERIFICATION_CODE_NOT_FOUND");
  if (code.usedAt !== null) throw knownError("VERIFICATION_CODE_ALREADY_USED");
  if (code.expiresAt.getTime() <= deps.clock.now().getTime()) throw knownError("VERIFICATION_CODE_EXPIRED");
  return { project, code };
}

/** Marks a code used (only once: a second caller gets VERIFICATION_CODE_ALREADY_USED) and records its purchase. */
export async function redeemCode(
  deps: AppDeps,
  tx: Db,
  project: ProjectRow,
  code: PurchaseCodeRow,
  priceId: string,
  quantity: number,
  options: { testMode: boolean; stripe?: { subscriptionId: string | null; sessionId: string | null; periodEnd: Date | null; status?: string } },
): Promise<PurchaseRow> {
  priceOf(code.offer, priceId);
  if (!(await deps.queries.purchaseCodes.markUsed(code.id, deps.clock.now(), tx))) throw knownError("VERIFICATION_CODE_ALREADY_USED");
  return createPurchase(deps, tx, {
    projectId: project.id,
    customer: { type: code.customerType, id: code.customerId },
    offerId: code.offerId,
    offer: code.offer,
    priceId,
    quantity,
    testMode: options.testMode,
    ...(options.stripe && { stripe: options.stripe }),
  });
}
