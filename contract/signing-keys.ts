/**
 * A project's access-token signing keys (admin): the published keys with their state, and rotation.
 * The keys themselves are published at the project's JWKS (contract/sessions.ts); these routes show
 * which of them signs, which waits as standby and which is retired, and until when it stays published.
 */
import { z } from "zod";
import { millis } from "./fields.js";
import { defineProcedure } from "./procedure.js";

const tags = ["Projects"];

const keySet = z.enum(["regular", "anonymous"]).meta({ description: "Which tokens the key is for: regular users' or anonymous users'." });
const kid = z.string().meta({ description: "The key id (`kid`) as the JWKS and the tokens' header carry it.", example: "q3B8Xk1yQm9aZ2Rw" });

export const signingKeyState = z
  .object({
    kid,
    key_set: keySet,
    status: z.enum(["signing", "standby", "retired"]).meta({
      description: "`signing`: new tokens are signed with it; `standby`: published, signs after the next rotation; `retired`: published only until the tokens it signed have expired.",
    }),
    created_at_millis: millis,
    retired_at_millis: millis.nullable(),
    published_until_millis: millis.nullable().meta({ description: "When a retired key leaves the JWKS; null for keys that are not retired." }),
  })
  .meta({ id: "SigningKey" });

const signingKeyList = z.object({ keys: z.array(signingKeyState) }).meta({ id: "SigningKeyList" });

/** What one rotation did to one key set (also the audit event's payload entries). */
export const signingKeyRotation = z.object({
  key_set: keySet,
  retired_kids: z.array(z.string()),
  signing_kid: z.string(),
  standby_kid: z.string(),
});

export const listSigningKeys = defineProcedure({
  method: "GET",
  path: "/internal/projects/current/signing-keys",
  access: "admin",
  summary: "The project's published access-token signing keys and their state",
  tags,
  successStatus: 200,
  errors: [],
  output: signingKeyList,
});

export const rotateSigningKeys = defineProcedure({
  method: "POST",
  path: "/internal/projects/current/signing-keys/rotate",
  access: "admin",
  summary: "Rotate both key sets: each standby key signs from now on, a new standby key is published, and the signing key is retired (it stays published until the tokens it signed have expired)",
  tags,
  successStatus: 200,
  errors: [],
  body: z.object({}),
  output: signingKeyList,
});

/** This file's procedures, registered in contract/index.ts. */
export const signingKeyProcedures = { listSigningKeys, rotateSigningKeys } as const;
