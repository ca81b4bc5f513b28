/**
 * Passkeys (WebAuthn, oauth-and-passkeys-and-mfa.md §4). The server never knows the relying-party id:
 * the options carry a placeholder that the browser SDK replaces with `window.location.hostname`, and
 * the server takes the RP id from the origin inside the signed client data, which must be a trusted
 * origin of the project. Each initiate call answers a single-use `code` (valid 65 s) that stands for
 * the challenge; the finishing call sends it back.
 */
import { z } from "zod";
import { verificationCode } from "./fields.js";
import { defineProcedure } from "./procedure.js";
import { signInResponse } from "./sessions.js";

/** The relying-party id in every options object; the Stack SDK throws unless it is exactly this. */
export const PASSKEY_RP_ID_PLACEHOLDER = "THIS_VALUE_WILL_BE_REPLACED.example.com";

const tags = ["Passkeys"];
const codeErrors = ["VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_EXPIRED", "VERIFICATION_CODE_ALREADY_USED", "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED"] as const;

const base64url = z
  .string()
  .max(100_000, "must be at most 100000 characters")
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, "is not valid base64url")
  .meta({ description: "Base64url bytes.", example: "PnBQMaxBLA45-uoqYmF6NKiwajU" });

const challengeCode = verificationCode.meta({
  description: "The `code` from the matching initiate call: single use, valid 65 seconds.",
  example: "u8k2v0q7r3m9d1x6c5b4a2n8p0s7t3w1y9z6e4f2g8h5j",
});

/** What the browser produced, as @simplewebauthn/browser serialises it; checked in depth by the server. */
const credentialShape = {
  id: base64url.meta({ description: "The credential id." }),
  rawId: base64url,
  type: z.literal("public-key"),
  authenticatorAttachment: z.string().optional(),
  clientExtensionResults: z.looseObject({}).default({}),
};

export const passkeyRegistrationResponse = z
  .looseObject({
    ...credentialShape,
    response: z.looseObject({
      clientDataJSON: base64url,
      attestationObject: base64url,
      transports: z.array(z.string().max(64)).max(16).optional(),
    }),
  })
  .meta({ id: "PasskeyRegistrationResponse", description: "A RegistrationResponseJSON (the result of `navigator.credentials.create`)." });

export const passkeyAuthenticationResponse = z
  .looseObject({
    ...credentialShape,
    response: z.looseObject({
      clientDataJSON: base64url,
      authenticatorData: base64url,
      signature: base64url,
      userHandle: base64url.optional(),
    }),
  })
  .meta({ id: "PasskeyAuthenticationResponse", description: "An AuthenticationResponseJSON (the result of `navigator.credentials.get`)." });

const rpIdPlaceholder = z.literal(PASSKEY_RP_ID_PLACEHOLDER).meta({ description: "Replace with the page's hostname before use." });
const credentialDescriptor = z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() });

export const passkeyCreationOptions = z
  .looseObject({
    challenge: z.string(),
    rp: z.object({ id: rpIdPlaceholder, name: z.string().meta({ description: "The project's display name." }) }),
    user: z.object({
      id: z.string().meta({ description: "Base64url of the user id (1 to 64 bytes)." }),
      name: z.string(),
      displayName: z.string(),
    }),
    pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
    timeout: z.number().optional(),
    excludeCredentials: z.array(credentialDescriptor).optional().meta({ description: "The user's passkeys, so one authenticator is not registered twice." }),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.string().optional(),
        residentKey: z.string().optional(),
        requireResidentKey: z.boolean().optional(),
        userVerification: z.string().optional(),
      })
      .optional(),
    attestation: z.string().optional(),
  })
  .meta({ id: "PasskeyCreationOptions", description: "PublicKeyCredentialCreationOptionsJSON, for `startRegistration`." });

export const passkeyRequestOptions = z
  .looseObject({
    challenge: z.string(),
    rpId: rpIdPlaceholder,
    timeout: z.number().optional(),
    allowCredentials: z.array(credentialDescriptor).optional().meta({ description: "Empty for a sign-in (the authenticator offers its discoverable passkeys); the user's passkeys for a second factor." }),
    userVerification: z.string().optional(),
  })
  .meta({ id: "PasskeyRequestOptions", description: "PublicKeyCredentialRequestOptionsJSON, for `startAuthentication`." });

export const initiatePasskeyRegistration = defineProcedure({
  method: "POST",
  path: "/auth/passkey/initiate-passkey-registration",
  access: "client",
  summary: "Start registering a passkey for the signed-in user",
  tags,
  successStatus: 200,
  errors: ["USER_AUTHENTICATION_REQUIRED", "PASSKEY_AUTHENTICATION_NOT_ENABLED"],
  output: z.object({ options_json: passkeyCreationOptions, code: challengeCode }),
});

export const registerPasskey = defineProcedure({
  method: "POST",
  path: "/auth/passkey/register",
  access: "client",
  summary: "Finish registering a passkey; a user may have several",
  description: "The origin in the client data must be trusted by the project; its hostname is the relying-party id.",
  tags,
  successStatus: 200,
  errors: ["USER_AUTHENTICATION_REQUIRED", "PASSKEY_AUTHENTICATION_NOT_ENABLED", "PASSKEY_REGISTRATION_FAILED", ...codeErrors],
  body: z.strictObject({ credential: passkeyRegistrationResponse, code: challengeCode }),
  output: z.object({ user_handle: z.string().meta({ description: "The new passkey's credential id (base64url)." }) }),
});

export const initiatePasskeyAuthentication = defineProcedure({
  rateLimit: "sign-in",
  method: "POST",
  path: "/auth/passkey/initiate-passkey-authentication",
  access: "client",
  summary: "Start signing in with a passkey (no user or e-mail needed)",
  tags,
  successStatus: 200,
  errors: ["PASSKEY_AUTHENTICATION_NOT_ENABLED"],
  output: z.object({ options_json: passkeyRequestOptions, code: challengeCode }),
});

export const passkeySignIn = defineProcedure({
  rateLimit: "sign-in",
  method: "POST",
  path: "/auth/passkey/sign-in",
  access: "client",
  summary: "Sign in with a passkey",
  description: "Checks the signature, the origin and that the signature counter increased (for authenticators that count).",
  tags,
  successStatus: 200,
  errors: ["PASSKEY_AUTHENTICATION_NOT_ENABLED", "PASSKEY_AUTHENTICATION_FAILED", "MULTI_FACTOR_AUTHENTICATION_REQUIRED", ...codeErrors],
  body: z.strictObject({ authentication_response: passkeyAuthenticationResponse, code: challengeCode }),
  output: signInResponse.extend({ is_new_user: z.literal(false) }),
});

export const passkeyProcedures = {
  initiatePasskeyRegistration,
  registerPasskey,
  initiatePasskeyAuthentication,
  passkeySignIn,
} as const;
