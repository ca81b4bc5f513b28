/**
 * The data vault. Entries are found by an HMAC of (project, store, `hashed_key`) under a server-derived
 * key, so the database holds neither the SDK's key hash nor anything derived from the key that works
 * without the server secret; values are sealed with the server secret and bound to their row (a value
 * copied to another row does not open). Stores exist while the configuration declares them; removing
 * one deletes its entries (project-changes.ts).
 */
import { knownError } from "../errors.js";
import type { AppDeps } from "../deps.js";
import { renderProjectConfig } from "./config/project-config.js";

const KEY_PURPOSE = "data-vault-key";
export const valuePurpose = (projectId: string, storeId: string, keyDigest: string) => `data-vault-value:${projectId}:${storeId}:${keyDigest}`;

function keyDigestOf(deps: AppDeps, projectId: string, storeId: string, hashedKey: string): string {
  return deps.secrets.mac(JSON.stringify([projectId, storeId, hashedKey]), KEY_PURPOSE);
}

async function assertStore(deps: AppDeps, projectId: string, storeId: string, tx?: Parameters<AppDeps["queries"]["projects"]["find"]>[1]): Promise<void> {
  const project = await deps.queries.projects.find(projectId, tx);
  if (!project || !Object.hasOwn(renderProjectConfig(project).dataVault.stores, storeId)) {
    throw knownError("DATA_VAULT_STORE_DOES_NOT_EXIST", { store_id: storeId });
  }
}

export async function setVaultValue(deps: AppDeps, projectId: string, storeId: string, hashedKey: string, encryptedValue: string): Promise<void> {
  const keyDigest = keyDigestOf(deps, projectId, storeId, hashedKey);
  const now = deps.clock.now();
  // Checked and written in one transaction: a concurrent removal of the store cannot leave an entry behind.
  await deps.store.transaction(async (tx) => {
    await assertStore(deps, projectId, storeId, tx);
    await deps.queries.dataVault.upsert(
      { projectId, storeId, keyDigest, valueSealed: deps.secrets.encrypt(encryptedValue, valuePurpose(projectId, storeId, keyDigest)), createdAt: now, updatedAt: now },
      tx,
    );
  });
}

export async function getVaultValue(deps: AppDeps, projectId: string, storeId: string, hashedKey: string): Promise<string> {
  await assertStore(deps, projectId, storeId);
  const keyDigest = keyDigestOf(deps, projectId, storeId, hashedKey);
  const row = await deps.queries.dataVault.get(projectId, storeId, keyDigest);
  if (!row) throw knownError("DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST", { store_id: storeId, hashed_key: hashedKey });
  return deps.secrets.decrypt(row.valueSealed, valuePurpose(projectId, storeId, keyDigest));
}
