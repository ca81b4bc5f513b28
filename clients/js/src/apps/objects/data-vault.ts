import { KnownErrors } from "../../core/errors/known-errors.js";
import { serverApi, type AppContext } from "../context.js";
import { decorated } from "../decorate.js";

/** A data vault store: values encrypted in this process before they reach the server. Stack's `DataVaultStore`. */
export interface DataVaultStore {
  readonly id: string;
  /**
   * Stores `value` under `key`, encrypted with a key derived from `secret` and `key`; the server sees only
   * a hash of the key and the ciphertext.
   * @example
   * ```ts
   * await store.setValue("user-42-ssn", "078-05-1120", { secret: process.env.VAULT_SECRET! });
   * ```
   */
  setValue(key: string, value: string, options: { secret: string }): Promise<void>;
  /**
   * The value under `key`, or null when there is none (also when `secret` differs from the one it was
   * stored with: the key's hash depends on the secret).
   * @example
   * ```ts
   * const ssn = await store.getValue("user-42-ssn", { secret: process.env.VAULT_SECRET! });
   * ```
   */
  getValue(key: string, options: { secret: string }): Promise<string | null>;
}

/** The vault's crypto, loaded on first use: most apps (all browsers) never open a store. */
const vaultCrypto = () => import("../../core/crypto/vault-crypto.js");

/** The store `id` (declared in the project's configuration under `dataVault.stores`); makes no request. */
export function createDataVaultStore(context: AppContext, id: string): DataVaultStore {
  const api = serverApi(context);
  const values = context.cache<[string, string, string], string | null>("dataVaultValues", async ([storeId, key, secret]) => {
    const { decryptVaultValue, hashVaultKey } = await vaultCrypto();
    const hashedKey = await hashVaultKey(secret, key);
    try {
      const { encrypted_value } = await api("post", "/data-vault/stores/{store_id}/get", { path: { store_id: storeId }, body: { hashed_key: hashedKey } });
      return await decryptVaultValue(secret, key, encrypted_value);
    } catch (error) {
      if (error instanceof KnownErrors.DataVaultStoreHashedKeyDoesNotExist) return null;
      throw error;
    }
  });
  return decorated<DataVaultStore>("dataVaultStore", context, ["dataVaultStore", id], {
    id,
    async setValue(key, value, { secret }) {
      const { encryptVaultValue, hashVaultKey } = await vaultCrypto();
      const [hashedKey, encryptedValue] = await Promise.all([hashVaultKey(secret, key), encryptVaultValue(secret, key, value)]);
      await api("post", "/data-vault/stores/{store_id}/set", { path: { store_id: id }, body: { hashed_key: hashedKey, encrypted_value: encryptedValue } });
      context.changed();
    },
    getValue: (key, { secret }) => values.get([id, key, secret]),
  });
}
