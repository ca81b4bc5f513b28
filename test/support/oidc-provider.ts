/**
 * A real OpenID Connect provider (panva's oidc-provider) on a loopback port, for custom-provider tests
 * and the dev script. Its login screen is replaced by an interaction that signs in the account the test
 * queued with `next()` (or answers access_denied); consent is granted at once for the requested scopes.
 * With `interactive`, the interaction is a small HTML page instead (e-mail and name, "Sign in" or
 * "Cancel") for a browser or a person to fill in.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
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
  /** The issuer's host name: `127.0.0.1` (default) or `localhost` (for browsers). It listens on 127.0.0.1 either way. */
  host?: "127.0.0.1" | "localhost";
  /** Show a sign-in page at each interaction instead of signing in the queued account. */
  interactive?: boolean;
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<TestOidcProvider> {
  const accounts = new Map<string, OidcAccount>();
  let queued: OidcAccount | "deny" | null = null;
  let provider: Provider | undefined;

  const server: Server = createServer((req, res) => {
    const interaction = /^\/interaction\/([^/?]+)/.exec(req.url ?? "");
    if (!interaction) return provider!.callback()(req, res);
    if (options.interactive) {
      return void interactivePage(provider!, accounts, req, res).catch((error: unknown) => {
        res.writeHead(500, { "content-type": "text/plain" });
        res.end(String(error));
      });
    }
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
  const issuer = `http://${options.host ?? "127.0.0.1"}:${(server.address() as AddressInfo).port}`;

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

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The interactive sign-in: GET shows a form, POST signs in as the e-mail typed (its own `sub`, the
 * address verified) or refuses with access_denied.
 */
async function interactivePage(provider: Provider, accounts: Map<string, OidcAccount>, req: IncomingMessage, res: ServerResponse) {
  const details = await provider.interactionDetails(req, res);
  if (req.method !== "POST") {
    const clientId = escapeHtml(String(details.params?.client_id ?? "an application"));
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html>
<html><head><meta charset="utf-8"><title>Mock OpenID Connect provider</title>
<style>body{font:16px system-ui,sans-serif;max-width:26rem;margin:3rem auto}label{display:block;margin:.8rem 0}input{width:100%;padding:.4rem}button{margin:.8rem .5rem 0 0;padding:.4rem 1rem}</style></head>
<body><h1>Mock OpenID Connect provider</h1>
<p><strong>${clientId}</strong> asks for your e-mail address and profile.</p>
<form method="post" action="/interaction/${escapeHtml(details.uid)}">
<label>E-mail <input name="email" type="email" value="dev@example.com" required></label>
<label>Name <input name="name" value="Dev User"></label>
<button type="submit" name="action" value="login">Sign in</button>
<button type="submit" name="action" value="deny" formnovalidate>Cancel</button>
</form></body></html>`);
    return;
  }
  let body = "";
  for await (const chunk of req) body += String(chunk);
  const form = new URLSearchParams(body);
  const email = form.get("email")?.trim().toLowerCase() ?? "";
  if (form.get("action") !== "login" || email === "") {
    await provider.interactionFinished(req, res, { error: "access_denied", error_description: "The user refused" }, { mergeWithLastSubmission: false });
    return;
  }
  const account: OidcAccount = { sub: `mock-${email}`, email, email_verified: true, name: form.get("name")?.trim() || undefined };
  accounts.set(account.sub, account);
  await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
}
