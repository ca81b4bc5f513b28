/** Signing keys as the admin API shows them: public ids and state only, never key material. */
import type { z } from "zod";
import type { signingKeyState } from "../../contract/signing-keys.js";
import type { PublishedKeyState } from "../services/tokens/signing-keys.js";

export function signingKeyToJson(key: PublishedKeyState): z.input<typeof signingKeyState> {
  return {
    kid: key.kid,
    key_set: key.set,
    status: key.status,
    created_at_millis: key.createdAt.getTime(),
    retired_at_millis: key.retiredAt?.getTime() ?? null,
    published_until_millis: key.publishedUntil?.getTime() ?? null,
  };
}
