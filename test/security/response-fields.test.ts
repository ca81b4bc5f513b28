/**
 * Issue 35, finding 18: a secret field added to an answer *and declared in the contract* passed every
 * test (undeclared keys are caught by response validation, test/api/contract-enforcement.test.ts). Each
 * procedure's answer fields, per access level, are now a reviewed list (response-fields.json): a field
 * the contract adds, removes or shows at another level fails here until the list is rewritten with
 * `npx tsx scripts/gen-response-fields.ts` and the change reviewed. Fields whose names look like a
 * secret are allowed only in the answers named below, each with its reason.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldName, fieldPaths, looksSecret, responseFields, type FieldsByLevel } from "./support/response-fields.js";

const reviewed = JSON.parse(readFileSync(new URL("./response-fields.json", import.meta.url), "utf8")) as Record<string, FieldsByLevel>;

const signIns = ["anonymousSignUp", "createSession", "mfaSignIn", "oauthToken", "otpSignIn", "passkeySignIn", "passwordSignIn", "passwordSignUp", "pollCliLogin"];
const ownedProjectConfigs = ["createOwnedProject", "getAdminProject", "listOwnedProjects", "updateAdminProject"];
const internalKeys = ["createInternalApiKey", "getInternalApiKey", "listInternalApiKeys", "updateInternalApiKey"];

/** Secret-looking field names and the only answers that may carry them. */
const expectedSecrets: Record<string, { procedures: string[]; why: string }> = {
  refresh_token: { procedures: signIns, why: "a sign-in hands its new session's refresh token to whoever signed in" },
  publishable_client_key: { procedures: internalKeys, why: "a project's keys, to its admins (the wire protocol's key sets)" },
  secret_server_key: { procedures: internalKeys, why: "as publishable_client_key" },
  super_secret_admin_key: { procedures: internalKeys, why: "as publishable_client_key" },
  password: { procedures: ownedProjectConfigs, why: "the project's own SMTP password, read back by its admins and owners as the wire protocol requires (SECURITY.md, secrets at rest)" },
  client_secret: {
    procedures: [...ownedProjectConfigs, "stripeAccountSession", "createOAuthClient", "rotateOAuthClientSecret"],
    why: "the project's OAuth client secrets (as password); Stripe's embedded-component session secret, to the project's admin; an identity-provider client's new secret, shown once to the admin who created or rotated it (only its hash is kept)",
  },
  secret_last_four: {
    procedures: ["createOAuthClient", "getOAuthClient", "listOAuthClients", "updateOAuthClient", "rotateOAuthClientSecret"],
    why: "the last four characters of an identity-provider client's secret, so that an admin can tell which secret a client holds",
  },
  secret: { procedures: ["createWebhookEndpoint", "getWebhookEndpointSecret", "rotateWebhookEndpointSecret"], why: "the signing secret of the admin's own webhook endpoint" },
  hash: { procedures: ["listAuditLog", "verifyAuditLog"], why: "the audit chain's row hashes, which are not secrets" },
  prev_hash: { procedures: ["listAuditLog"], why: "as hash" },
  object_key: { procedures: ["listAuditLog"], why: "the id of the object an audit row is about, not a key" },
};

describe("the fields each answer may carry", () => {
  it("are the reviewed list, per procedure and access level", () => {
    const current = responseFields();
    // One assertion per procedure, so that a failure names the procedure and the fields that moved.
    for (const procedure of new Set([...Object.keys(current), ...Object.keys(reviewed)])) {
      expect(current[procedure], `${procedure}: the contract's answer fields differ from test/security/response-fields.json; review the change, then run npx tsx scripts/gen-response-fields.ts`).toEqual(reviewed[procedure]);
    }
  });

  it("carry a secret-looking field only where it is expected", () => {
    const unexpected: string[] = [];
    for (const [procedure, levels] of Object.entries(reviewed)) {
      for (const [level, paths] of Object.entries(levels)) {
        for (const path of paths) {
          if (looksSecret(path) && !expectedSecrets[fieldName(path)]?.procedures.includes(procedure)) unexpected.push(`${procedure} (${level}): ${path}`);
        }
      }
    }
    expect(unexpected).toEqual([]);
  });

  it("reads the fields of objects, arrays, records, unions and wrappers", () => {
    const schema = z.object({
      items: z.array(z.object({ id: z.string(), meta: z.record(z.string(), z.object({ n: z.number() })).optional() })),
      either: z.union([z.object({ a: z.string() }), z.object({ b: z.string().nullable() })]),
      piped: z.string().pipe(z.string()),
    });
    expect(fieldPaths(schema)).toEqual(["either", "either.a", "either.b", "items", "items[].id", "items[].meta", "items[].meta{}.n", "piped"]);
  });

  it("flags names that look like secrets, not flags about them", () => {
    for (const path of ["items[].refresh_token_hash", "password", "config.client_secret", "totp_secret_base64", "keys[].d", "signing_private_key"]) expect(looksSecret(path), path).toBe(true);
    for (const path of ["has_password", "requires_totp_mfa", "keys[].x", "display_name", "primary_email"]) expect(looksSecret(path), path).toBe(false);
  });
});
