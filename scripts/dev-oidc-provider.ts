/**
 * `npm run dev:oidc`: the tests' mock OpenID Connect provider (panva's oidc-provider) on a local port,
 * with its sign-in page (any e-mail and name sign in; Cancel refuses), for trying social sign-in with a
 * project's custom OIDC provider without any network. Its state lives in memory: a restart forgets it.
 *
 * @example
 * ```sh
 * npm run dev:oidc -- --port 4455 --latchkey http://localhost:8102 --provider-id mock
 * ```
 */
import { parseArgs } from "node:util";
import { startOidcProvider } from "../test/support/oidc-provider.js";

const usage = `Usage: npm run dev:oidc -- [--port 4455] [--latchkey http://localhost:8102] [--provider-id mock]

  --port         the port the provider listens on (127.0.0.1; its issuer is http://localhost:<port>)
  --latchkey     the Latchkey server's public URL (LATCHKEY_PUBLIC_URL), for the callback URL it registers
  --provider-id  the key the project gives the provider under auth.oauth.providers`;

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4455" },
    latchkey: { type: "string", default: "http://localhost:8102" },
    "provider-id": { type: "string", default: "mock" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  console.error(`--port: expected a port number, got "${values.port}"\n\n${usage}`);
  process.exit(64);
}
const latchkey = values.latchkey.replace(/\/+$/, "");
const providerId = values["provider-id"];
if (!/^[a-z0-9][a-z0-9_-]*$/i.test(providerId)) {
  console.error(`--provider-id: letters, digits, "-" and "_" only, got "${providerId}"`);
  process.exit(64);
}

const client = { clientId: "latchkey-dev-client", clientSecret: "latchkey-dev-secret" };
const callback = `${latchkey}/api/v1/auth/oauth/callback/${providerId}`;
const idp = await startOidcProvider({ ...client, redirectUris: [callback], port, host: "localhost", interactive: true });

const override = {
  [`auth.oauth.providers.${providerId}`]: {
    type: "oidc",
    issuerUrl: idp.issuer,
    isShared: false,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    allowSignIn: true,
    allowConnectedAccounts: true,
  },
};
console.log(`Mock OpenID Connect provider at ${idp.issuer}
  discovery:     ${idp.issuer}/.well-known/openid-configuration
  client id:     ${client.clientId}
  client secret: ${client.clientSecret}
  callback URL:  ${callback} (the only redirect URI it accepts)

Configure a project's custom OIDC provider "${providerId}" with this override (the project's admin key):

  curl -X PATCH ${latchkey}/api/v1/internal/config/override \\
    -H 'content-type: application/json' -H 'x-stack-access-type: admin' \\
    -H 'x-stack-project-id: <project id>' -H 'x-stack-super-secret-admin-key: <admin key>' \\
    -d '${JSON.stringify({ config_override_string: JSON.stringify(override) })}'

Then send a browser to ${latchkey}/api/v1/auth/oauth/authorize/${providerId}?… (the Stack SDK's
signInWithOAuth("${providerId}") does it; the project must trust the app's redirect URI, e.g. with
allow_localhost). The provider's page signs in as any e-mail you type, marked
verified; "Cancel" answers access_denied. Ctrl-C stops it.`);

const stop = () => void idp[Symbol.asyncDispose]().then(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
