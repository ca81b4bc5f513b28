/**
 * What follows a change of a project's fields or configuration, inside the change's transaction: its
 * audit events, and the removal of every data-vault entry of a store the configuration no longer
 * declares (a store removed from the configuration keeps no readable data, and one added again later
 * with the same id starts empty).
 */
import type { ConfigOverride } from "./config/index.js";
import { renderConfig } from "./config/index.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { recordEvent, type EventActor } from "./events.js";

export interface ProjectChange {
  /** The project's own fields that were given (display_name, description, …). */
  fields: string[];
  /** The keys of the configuration override that was applied. */
  configKeys: string[];
  before: ConfigOverride;
  after: ConfigOverride;
}

export async function afterProjectChange(deps: AppDeps, tx: Db, projectId: string, change: ProjectChange, actor: EventActor | null): Promise<void> {
  if (change.fields.length > 0) await recordEvent(deps, tx, "project.updated", { changed_fields: change.fields }, { projectId, actor });
  if (change.configKeys.length > 0) await recordEvent(deps, tx, "project.config_changed", { changed_keys: changedKeys(change) }, { projectId, actor });
  if (change.configKeys.length > 0) {
    const before = Object.keys(renderConfig(change.before).dataVault.stores);
    const after = Object.keys(renderConfig(change.after).dataVault.stores);
    if (before.some((id) => !after.includes(id))) await deps.queries.dataVault.deleteStoresExcept(projectId, after, tx);
  }
}

/**
 * The applied keys whose value differs before and after (the audit row's diff; values are not kept, they
 * may be secrets); all applied keys when none differs at its own path (a key that replaced nested ones).
 */
function changedKeys(change: ProjectChange): string[] {
  const differ = change.configKeys.filter((key) => JSON.stringify(change.before[key]) !== JSON.stringify(change.after[key]));
  return differ.length > 0 ? differ : change.configKeys;
}
