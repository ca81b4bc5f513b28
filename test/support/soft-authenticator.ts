/**
 * A software WebAuthn authenticator for HTTP tests (ES256, "none" attestation, counters under the test's
 * control), standing in for the browser's `navigator.credentials`; browser tests use Chromium's
 * virtual authenticator instead.
 */
import { createHash, createPrivateKey, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import { newP256KeyPair } from "../../server/services/tokens/signing-keys.js";

/** New projects trust localhost; the SDK puts the page's hostname where the placeholder was. */
export const page = { origin: "http://localhost:3000", rpId: "localhost" };

export const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const u32 = (n: number) => Buffer.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

export interface Where {
  origin?: string;
  rpId?: string;
}

/** One authenticator holding discoverable ES256 credentials. */
export function softAuthenticator() {
  const credentials = new Map<string, { key: KeyObject; userHandle: string; counter: number }>();
  const clientData = (type: string, challenge: string, origin: string) => b64url(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  return {
    /** `navigator.credentials.create`; `countsFrom: 0` makes an authenticator that keeps no counter. */
    create(options: any, { origin = page.origin, rpId = page.rpId, countsFrom = 1 }: Where & { countsFrom?: number } = {}) {
      // Not generateKeyPairSync: exporting its keys as JWK can hang on Node 20 (see newP256KeyPair).
      const { publicJwk: jwk, privatePem } = newP256KeyPair();
      const privateKey = createPrivateKey(privatePem);
      const id = randomBytes(16);
      credentials.set(b64url(id), { key: privateKey, userHandle: options.user.id, counter: countsFrom });
      const cose = isoCBOR.encode(new Map<number, number | Uint8Array>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x, "base64url")], [-3, Buffer.from(jwk.y, "base64url")]]));
      const authData = Buffer.concat([sha256(rpId), Buffer.from([0x45]), u32(0), Buffer.alloc(16), Buffer.from([0, id.length]), id, cose]);
      const attestationObject = isoCBOR.encode(new Map<string, unknown>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]) as never);
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: "public-key",
        response: { clientDataJSON: clientData("webauthn.create", options.challenge, origin), attestationObject: b64url(attestationObject), transports: ["internal"] },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    /** `navigator.credentials.get` with the given credential; `counter` overrides the next signature count. */
    get(options: any, credentialId: string, { origin = page.origin, rpId = page.rpId, counter, userVerified = true }: Where & { counter?: number; userVerified?: boolean } = {}) {
      const credential = credentials.get(credentialId)!;
      const count = counter ?? credential.counter;
      credential.counter = count === 0 ? 0 : count + 1;
      // Flags: user present, and user verified (the device's PIN or biometric) unless told otherwise.
      const authData = Buffer.concat([sha256(rpId), Buffer.from([userVerified ? 0x05 : 0x01]), u32(count)]);
      const clientDataJSON = clientData("webauthn.get", options.challenge, origin);
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
