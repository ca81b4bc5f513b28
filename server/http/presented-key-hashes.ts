/**
 * The stored form (hashSecret) of the project keys callers present, remembered per process: the same
 * few keys arrive on every request, and a key's hash never changes, so hashing each request again
 * (and testing its checksum) is repeated work. Only the hash is remembered, never whether the key is
 * live: revocation and expiry are still checked on every request by the key-set lookup.
 */
import { prefixedSecretWorthLookup } from "../services/recognisable-secrets.js";
import { hashSecret } from "../services/secrets.js";

/** Enough for every key of many projects; when full the map starts over (random keys cannot grow it). */
const MAX_REMEMBERED = 1024;

/** null: a mistyped key of the checksummed shape, refused without a lookup. */
const remembered = new Map<string, string | null>();

export function presentedKeyHash(presented: string): string | null {
  let hash = remembered.get(presented);
  if (hash === undefined) {
    hash = prefixedSecretWorthLookup(presented) ? hashSecret(presented) : null;
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(presented, hash);
  }
  return hash;
}
