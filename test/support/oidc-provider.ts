/**
 * A real OpenID Connect provider (panva's oidc-provider) on a loopback port, for custom-provider tests
 * and the dev script. Its login screen is replaced by an interaction that signs in the account the test
 * queued with `next()` (or answers access_denied); consent is granted at once for the requested scopes.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";

export interface OidcAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

export interface TestOidcProvider extends AsyncDisposable {
  issuer: string;
  /** The account the next login signs in as; `"deny"` makes the user refuse. */
  next(account: OidcAccount | "deny"): void;
}

export interface OidcProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Listen on this port (the dev script's fixed port); default: any free port. */
  port?: number;
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<TestOidcProvider> {
  const accounts = new Map<string, OidcAccount>();
  let queued: OidcAccount | "deny" | null = null;
  let provider: Provider | undefined;

  const server: Server = createServer((req, res) => {
    const interaction = /^\/interaction\/([^/?]+)/.exec(req.url ?? "");
    if (!interaction) return provider!.callback()(req, res);
    void (async () => {
      await provider!.interactionDetails(req, res);
      const next = queued;
      queued = null;
      const result = next === null || next === "deny"
        ? { error: "access_denied", error_description: "The user refused" }
        : { login: { accountId: next.sub } };
      if (next !== null && next !== "deny") accounts.set(next.sub, next);
      await provider!.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    })().catch((error: unknown) => {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [{
      client_id: options.clientId,
      client_secret: options.clientSecret,
      redirect_uris: options.redirectUris,
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
    }],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ ...account }) } : undefined;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    // Consent without a screen: the requested scopes are granted.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope(ctx.oidc.params!.scope as string);
      await grant.save();
      return grant;
    },
    cookies: { keys: ["latchkey-test-oidc-provider"] },
  };
  provider = new Provider(issuer, configuration);
  // Plain HTTP on loopback: the provider trusts the connection as it is.
  provider.proxy = false;

  return {
    issuer,
    next: (account) => void (queued = account),
    async [Symbol.asyncDispose]() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
