/// <reference lib="dom" />
/**
 * Registers a passkey from inside a page, as an app would: the server's options, the browser's
 * credential (a CDP virtual authenticator in the tests), the server's check. Answers the status.
 */
import type { Page } from "playwright-core";

export interface Registrant {
  projectId: string;
  key: string;
  accessToken: string;
}

/** A virtual platform authenticator with discoverable credentials and user verification (PIN or biometric). */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

export function registerPasskeyInPage(page: Page, who: Registrant): Promise<number> {
  return page.evaluate(async ({ projectId, key, accessToken }) => {
    const headers = { "content-type": "application/json", "x-stack-access-type": "client", "x-stack-project-id": projectId, "x-stack-publishable-client-key": key, "x-stack-access-token": accessToken };
    const fromB64 = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    const toB64 = (buffer: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const init = (await (await fetch("/api/v1/auth/passkey/initiate-passkey-registration", { method: "POST", headers, body: "{}" })).json()) as { code: string; options_json: Record<string, any> };
    const o = init.options_json;
    const credential = (await navigator.credentials.create({
      publicKey: {
        ...o,
        rp: { ...o.rp, id: location.hostname },
        challenge: fromB64(o.challenge),
        user: { ...o.user, id: fromB64(o.user.id) },
        excludeCredentials: (o.excludeCredentials ?? []).map((c: { id: string }) => ({ ...c, id: fromB64(c.id) })),
      } as unknown as PublicKeyCredentialCreationOptions,
    })) as PublicKeyCredential;
    const response = credential.response as AuthenticatorAttestationResponse;
    const body = {
      code: init.code,
      credential: {
        id: credential.id,
        rawId: toB64(credential.rawId),
        type: credential.type,
        clientExtensionResults: credential.getClientExtensionResults(),
        response: { clientDataJSON: toB64(response.clientDataJSON), attestationObject: toB64(response.attestationObject), transports: response.getTransports() },
      },
    };
    const answer = await fetch("/api/v1/auth/passkey/register", { method: "POST", headers, body: JSON.stringify(body) });
    return answer.status;
  }, who);
}
