/**
 * The data vault (server, admin): end-to-end encrypted key/value stores. The SDK hashes the key and
 * encrypts the value on the client; the server keeps `encrypted_value` byte for byte (under its own
 * encryption at rest) by `hashed_key`, in the stores the project's configuration declares
 * (`dataVault.stores.<id>`).
 */
import { z } from "zod";
import { nonEmptyString } from "./fields.js";
import { defineProcedure } from "./procedure.js";

const tags = ["Data vault"];
const storeParams = z.strictObject({ store_id: z.string().min(1).max(63).meta({ description: "A store id from the configuration's `dataVault.stores`.", example: "secrets" }) });
const hashedKey = nonEmptyString(1000).meta({ description: "The SDK's hash of the key (never the key itself)." });

export const setDataVaultValue = defineProcedure({
  method: "POST",
  path: "/data-vault/stores/{store_id}/set",
  access: "server",
  summary: "Store a value the SDK encrypted, under its key hash (replacing any value there)",
  tags,
  successStatus: 200,
  errors: ["DATA_VAULT_STORE_DOES_NOT_EXIST"],
  params: storeParams,
  body: z.strictObject({ hashed_key: hashedKey, encrypted_value: z.string().meta({ description: "The SDK's ciphertext, stored and returned byte for byte." }) }),
  output: z.object({ success: z.literal(true) }),
});

export const getDataVaultValue = defineProcedure({
  method: "POST",
  path: "/data-vault/stores/{store_id}/get",
  access: "server",
  summary: "Read the value stored under a key hash",
  tags,
  successStatus: 200,
  errors: ["DATA_VAULT_STORE_DOES_NOT_EXIST", "DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST"],
  params: storeParams,
  body: z.strictObject({ hashed_key: z.string().max(1000) }),
  output: z.object({ encrypted_value: z.string() }),
});

/** This file's procedures, registered in contract/index.ts. */
export const dataVaultProcedures = { setDataVaultValue, getDataVaultValue } as const;
