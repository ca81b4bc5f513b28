/**
 * `test-mode-purchase-session`: a purchase completed without payment, in a project in test mode. It
 * grants real items and subscriptions, so it needs the admin access of the code's project (as in
 * Stack's wire reference). In development a project may let the checkout code alone complete it
 * (`payments.testPurchasesWithCode`), so that the hosted checkout page works without an admin; never in
 * production mode and never while a Stripe account is connected, where a free purchase would stand
 * beside paid ones.
 */
import type { AccessType } from "../../../contract/procedure.js";
import { knownError } from "../../../contract/known-error.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { renderProjectConfig } from "../config/project-config.js";
import { findPurchaseCode, isTestMode, redeemCode } from "./checkout.js";
import type { PurchaseRow } from "../../db/queries/purchases.js";
import { stripeAccountId } from "./stripe.js";

/** Who calls: the project and level of the keys or token sent, or null for no credentials. */
export type TestPurchaseCaller = { projectId: string; accessType: AccessType } | null;

/** Whether the checkout code alone completes the project's test-mode purchases (development only, see above). */
export async function testPurchasesWithCode(deps: AppDeps, project: ProjectRow, db: Db = deps.store.db): Promise<boolean> {
  if (renderProjectConfig(project).payments.testPurchasesWithCode !== true || project.isProductionMode) return false;
  return (await stripeAccountId(deps, project.id, db)) === null;
}

/** Completes the code's purchase without payment; throws the access errors an admin-only call answers. */
export async function completeTestModePurchase(deps: AppDeps, fullCode: string, priceId: string, quantity: number, caller: TestPurchaseCaller): Promise<PurchaseRow> {
  return deps.store.transaction(async (tx) => {
    // A caller of another project learns nothing of this code: not found, as an unknown one.
    const { project, code } = await findPurchaseCode(deps, fullCode, tx, caller?.projectId);
    if (caller?.accessType !== "admin" && !(await testPurchasesWithCode(deps, project, tx))) {
      if (caller === null) throw knownError("ACCESS_TYPE_REQUIRED");
      throw knownError("INSUFFICIENT_ACCESS_TYPE", { actual_access_type: caller.accessType, allowed_access_types: ["admin"] });
    }
    if (!isTestMode(project)) throw statusError("purchaseTestModeOff");
    return redeemCode(deps, tx, project, code, priceId, quantity, { testMode: true });
  });
}
