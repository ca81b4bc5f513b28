/**
 * A software WebAuthn authenticator (ES256, "none" attestation) standing in for a browser, as in
 * test/api/v1/auth/passkeys.test.ts: enough to register a victim's passkey and to produce a validly
 * signed assertion for any challenge.
 */
import { createHash, createPrivateKey, randomBytes, sign, type KeyObject } from "node:crypto";
import { newP256KeyPair } from "../../../server/services/tokens/signing-keys.js";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/** New projects trust localhost; the SDK puts the page's hostname where the RP-id placeholder was. */
const page = { origin: "http://localhost:3000", rpId: "localhost" };

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const u32 = (n: number) => Buffer.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

interface CreationOptions {
  challenge: string;
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
}

export function softAuthenticator() {
  const credentials = new Map<string, { key: KeyObject; userHandle: string; counter: number }>();
  const clientData = (type: string, challenge: string) => b64url(JSON.stringify({ type, challenge, origin: page.origin, crossOrigin: false }));
  return {
    /** `navigator.credentials.create`. */
    create(options: CreationOptions) {
      // Not generateKeyPairSync: exporting its keys as JWK can hang on Node 20 (see newP256KeyPair).
      const { publicJwk: jwk, privatePem } = newP256KeyPair();
      const privateKey = createPrivateKey(privatePem);
      const id = randomBytes(16);
      credentials.set(b64url(id), { key: privateKey, userHandle: options.user.id, counter: 1 });
      const cose = isoCBOR.encode(new Map<number, number | Uint8Array>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x, "base64url")], [-3, Buffer.from(jwk.y, "base64url")]]));
      const authData = Buffer.concat([sha256(page.rpId), Buffer.from([0x45]), u32(0), Buffer.alloc(16), Buffer.from([0, id.length]), id, cose]);
      const attestationObject = isoCBOR.encode(new Map<string, unknown>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]) as never);
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: "public-key",
        response: { clientDataJSON: clientData("webauthn.create", options.challenge), attestationObject: b64url(attestationObject), transports: ["internal"] },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    /** `navigator.credentials.get` with the given credential, for any challenge. */
    get(options: RequestOptions, credentialId: string) {
      const credential = credentials.get(credentialId);
      if (!credential) throw new Error(`No credential ${credentialId}`);
      credential.counter += 1;
      const authData = Buffer.concat([sha256(page.rpId), Buffer.from([0x05]), u32(credential.counter)]);
      const clientDataJSON = clientData("webauthn.get", options.challenge);
      const signature = sign("sha256", Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, "base64url"))]), credential.key);
      return {
        id: credentialId,
        rawId: credentialId,
        type: "public-key",
        response: { clientDataJSON, authenticatorData: b64url(authData), signature: b64url(signature), userHandle: credential.userHandle },
        clientExtensionResults: {},
      };
    },
  };
}

export type SoftAuthenticator = ReturnType<typeof softAuthenticator>;
