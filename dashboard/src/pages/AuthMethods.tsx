/**
 * How users sign in: password, magic link (one-time codes), passkeys, OAuth providers (shared
 * development credentials, the project's own, or any OpenID Connect provider), the account-merge
 * strategy, and the sign-up and team switches.
 */
import { CircleAlert, Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { OAuthProviderId } from "../../../contract/project-config.js";
import { Badge, Button, Card, Field, InlineError, Input, MiniSwitch, Modal, PageHeader, QueryView, Select, Switch, Table, td } from "../components/ui.js";
import { useAdminProject, useConfigOverride, useConfigTree, useUpdateProject, type OAuthProviderTree } from "../lib/use-project.js";
import { isIpHost } from "../lib/validation-issues.js";

const providerNames: Record<string, string> = {
  google: "Google", github: "GitHub", microsoft: "Microsoft", spotify: "Spotify", facebook: "Facebook", discord: "Discord",
  gitlab: "GitLab", bitbucket: "Bitbucket", linkedin: "LinkedIn", apple: "Apple", x: "X", twitch: "Twitch", oidc: "OpenID Connect",
};

type Mode = "shared" | "standard" | "oidc";

/** The twelve preset providers (the contract's list; type-checked to match it). */
const oauthProviderIds = ["google", "github", "microsoft", "spotify", "facebook", "discord", "gitlab", "bitbucket", "linkedin", "apple", "x", "twitch"] as const satisfies readonly OAuthProviderId[];

function ProviderForm({ existingKey, existing, usedKeys, onDone }: { existingKey: string | null; existing: OAuthProviderTree | null; usedKeys: string[]; onDone: () => void }) {
  const save = useConfigOverride("OAuth provider saved");
  const [type, setType] = useState(existing?.type ?? "google");
  const [key, setKey] = useState(existingKey ?? "");
  const [mode, setMode] = useState<Mode>(existing?.type === "oidc" ? "oidc" : existing?.isShared === false ? "standard" : "shared");
  const [clientId, setClientId] = useState(existing?.clientId ?? "");
  const [clientSecret, setClientSecret] = useState("");
  const [issuerUrl, setIssuerUrl] = useState(existing?.issuerUrl ?? "");
  const [tenant, setTenant] = useState(existing?.microsoftTenantId ?? "");
  const [facebookConfig, setFacebookConfig] = useState(existing?.facebookConfigId ?? "");
  const isOidc = type === "oidc";
  const effectiveMode: Mode = isOidc ? "oidc" : mode;
  const configKey = existingKey ?? (isOidc ? key.trim() : type);
  const keyTaken = existingKey === null && usedKeys.includes(configKey);

  function submit(event: FormEvent) {
    event.preventDefault();
    const provider: OAuthProviderTree = {
      type,
      isShared: effectiveMode === "shared",
      allowSignIn: existing?.allowSignIn ?? true,
      allowConnectedAccounts: existing?.allowConnectedAccounts ?? true,
    };
    if (effectiveMode !== "shared") {
      provider.clientId = clientId.trim();
      // An empty secret field keeps the stored secret (it is never shown again).
      const secret = clientSecret || existing?.clientSecret;
      if (secret) provider.clientSecret = secret;
    }
    if (isOidc) provider.issuerUrl = issuerUrl.trim();
    if (type === "microsoft" && tenant.trim()) provider.microsoftTenantId = tenant.trim();
    if (type === "facebook" && facebookConfig.trim()) provider.facebookConfigId = facebookConfig.trim();
    save.mutate({ body: { config_override_string: JSON.stringify({ [`auth.oauth.providers.${configKey}`]: provider }) } }, { onSuccess: onDone });
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={submit}>
      <Field label="Provider">
        {(id) => (
          <Select id={id} value={type} disabled={existingKey !== null} onChange={(e) => setType(e.target.value)}>
            {oauthProviderIds.map((p) => (
              <option key={p} value={p}>
                {providerNames[p]}
              </option>
            ))}
            <option value="oidc">Custom OpenID Connect provider</option>
          </Select>
        )}
      </Field>
      {isOidc && existingKey === null && (
        <Field label="Provider key" hint='Names the provider in URLs and the SDK (lowercase, e.g. "okta").' error={keyTaken ? "A provider with this key exists." : null}>
          {(id, hint) => <Input id={id} aria-describedby={hint} required pattern="[a-z0-9_:]+" value={key} onChange={(e) => setKey(e.target.value)} />}
        </Field>
      )}
      {!isOidc && (
        <fieldset className="flex flex-col gap-1 text-sm">
          <legend className="mb-1 font-medium">Credentials</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="mode" checked={mode === "shared"} onChange={() => setMode("shared")} /> Shared development credentials (for trying things out)
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="mode" checked={mode === "standard"} onChange={() => setMode("standard")} /> My own OAuth app
          </label>
        </fieldset>
      )}
      {isOidc && (
        <Field label="Issuer URL" hint="Its discovery document is read from <issuer>/.well-known/openid-configuration.">
          {(id, hint) => <Input id={id} aria-describedby={hint} type="url" required value={issuerUrl} onChange={(e) => setIssuerUrl(e.target.value)} placeholder="https://login.example.com" />}
        </Field>
      )}
      {effectiveMode !== "shared" && (
        <>
          <Field label="Client id">{(id) => <Input id={id} required value={clientId} onChange={(e) => setClientId(e.target.value)} autoComplete="off" />}</Field>
          <Field label="Client secret" hint={existing?.clientSecret ? "Leave empty to keep the current secret." : undefined}>
            {(id, hint) => <Input id={id} aria-describedby={hint} type="password" required={!existing?.clientSecret} value={clientSecret} onChange={(e) => setClientSecret(e.target.value)} autoComplete="new-password" />}
          </Field>
          {type === "microsoft" && <Field label="Microsoft tenant id (optional)">{(id) => <Input id={id} value={tenant} onChange={(e) => setTenant(e.target.value)} />}</Field>}
          {type === "facebook" && <Field label="Facebook configuration id (optional)">{(id) => <Input id={id} value={facebookConfig} onChange={(e) => setFacebookConfig(e.target.value)} />}</Field>}
        </>
      )}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Redirect URI to register with the provider: <code className="break-all">{`${window.location.origin}/api/v1/auth/oauth/callback/${configKey || "<key>"}`}</code>
      </p>
      <InlineError error={save.error} />
      <div className="flex gap-2">
        <Button type="submit" busy={save.isPending} disabled={keyTaken || !configKey}>
          {existingKey ? "Save provider" : "Add provider"}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function OAuthProviders() {
  const tree = useConfigTree();
  const save = useConfigOverride("OAuth providers saved");
  const [dialog, setDialog] = useState<{ key: string | null } | null>(null);
  return (
    <Card
      title="OAuth providers"
      description="Sign-in with other accounts. Shared credentials are for development only."
      actions={
        <Button variant="secondary" onClick={() => setDialog({ key: null })}>
          <Plus aria-hidden className="size-4" /> Add provider
        </Button>
      }
    >
      <QueryView query={tree} what="the OAuth providers">
        {(t) => {
          const providers = Object.entries(t.auth?.oauth?.providers ?? {});
          const remove = (key: string) => {
            const rest = Object.fromEntries(providers.filter(([k]) => k !== key));
            save.mutate({ body: { config_override_string: JSON.stringify({ "auth.oauth.providers": rest }) } });
          };
          const toggleSignIn = (key: string, provider: OAuthProviderTree) =>
            save.mutate({ body: { config_override_string: JSON.stringify({ [`auth.oauth.providers.${key}.allowSignIn`]: !provider.allowSignIn }) } });
          return (
            <>
              {providers.length === 0 ? (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">No OAuth provider yet.</p>
              ) : (
                <Table caption="OAuth providers" head={["Provider", "Credentials", "Sign-in", ""]}>
                  {providers.map(([key, p]) => (
                    <tr key={key}>
                      <td className={td}>
                        {providerNames[p.type ?? key] ?? key} {p.type === "oidc" && <code className="text-xs">({key})</code>}
                      </td>
                      <td className={td}>{p.isShared ? <Badge tone="warn">shared</Badge> : <Badge tone="good">own app</Badge>}</td>
                      <td className={td}>
                        <MiniSwitch label={`Sign-in with ${key}`} checked={p.allowSignIn} onChange={() => toggleSignIn(key, p)} />
                      </td>
                      <td className={`${td} whitespace-nowrap text-right`}>
                        <Button variant="ghost" aria-label={`Edit ${key}`} onClick={() => setDialog({ key })}>
                          Edit
                        </Button>
                        <Button variant="ghost" aria-label={`Remove ${key}`} onClick={() => remove(key)}>
                          Remove
                        </Button>
                      </td>
                    </tr>
                  ))}
                </Table>
              )}
              <InlineError error={save.error} />
              <Modal open={dialog !== null} onOpenChange={(open) => !open && setDialog(null)} title={dialog?.key ? `Edit ${dialog.key}` : "Add an OAuth provider"}>
                {dialog && (
                  <ProviderForm
                    existingKey={dialog.key}
                    existing={dialog.key ? (t.auth?.oauth?.providers?.[dialog.key] ?? null) : null}
                    usedKeys={providers.map(([k]) => k)}
                    onDone={() => setDialog(null)}
                  />
                )}
              </Modal>
            </>
          );
        }}
      </QueryView>
    </Card>
  );
}

/** Whether users with TOTP give their code after a passkey sign-in too (config tree `auth.passkey.requireSecondFactor`). */
function PasskeySecondFactorSwitch() {
  const tree = useConfigTree();
  const save = useConfigOverride("Passkey setting saved");
  const required = tree.data?.auth?.passkey?.requireSecondFactor === true;
  return (
    <Switch
      label="Ask for the TOTP code after a passkey"
      description="Off: a passkey unlocked with the device's PIN or biometric counts as both factors."
      checked={required}
      disabled={!tree.data || save.isPending}
      onChange={(v) => save.mutate({ body: { config_override_string: JSON.stringify({ "auth.passkey.requireSecondFactor": v }) } })}
    />
  );
}

export default function AuthMethods() {
  const project = useAdminProject();
  const update = useUpdateProject();
  return (
    <>
      <PageHeader title="Auth methods" description="Choose how people sign up and sign in to this project." />
      <QueryView query={project} what="the project settings">
        {(p) => {
          const set = (config: Record<string, boolean | string>) => update.mutate({ body: { config } });
          const c = p.config;
          return (
            <div className="flex flex-col gap-4">
              <div className="grid gap-4 lg:grid-cols-2">
                <Card title="Sign-in methods">
                  <Switch label="Password" description="E-mail and password." checked={c.credential_enabled} onChange={(v) => set({ credential_enabled: v })} />
                  <Switch label="Magic link" description="A sign-in link and code sent by e-mail." checked={c.magic_link_enabled} onChange={(v) => set({ magic_link_enabled: v })} />
                  <Switch label="Passkey" description="Fingerprint, face or device screen lock." checked={c.passkey_enabled} onChange={(v) => set({ passkey_enabled: v })} />
                  {c.passkey_enabled && <PasskeySecondFactorSwitch />}
                  {c.passkey_enabled && c.domains.some((d) => isIpHost(d.domain)) && (
                    <p role="note" className="flex items-start gap-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                      Passkeys do not work on pages reached by an IP address: browsers need a domain name. Serve the sign-in pages on a domain (such as auth.example.com) and add it under Domains.
                    </p>
                  )}
                </Card>
                <Card title="Sign-up and teams">
                  <Switch label="Allow sign-up" description="When off, only you can create users." checked={c.sign_up_enabled} onChange={(v) => set({ sign_up_enabled: v })} />
                  <Switch label="Personal team on sign-up" description="Each new user gets a team of their own." checked={c.create_team_on_sign_up} onChange={(v) => set({ create_team_on_sign_up: v })} />
                  <Switch label="Users may create teams" checked={c.client_team_creation_enabled} onChange={(v) => set({ client_team_creation_enabled: v })} />
                  <Switch label="Users may delete their account" checked={c.client_user_deletion_enabled} onChange={(v) => set({ client_user_deletion_enabled: v })} />
                  <Switch label="User API keys" checked={c.allow_user_api_keys} onChange={(v) => set({ allow_user_api_keys: v })} />
                  <Switch label="Team API keys" checked={c.allow_team_api_keys} onChange={(v) => set({ allow_team_api_keys: v })} />
                </Card>
              </div>
              <OAuthProviders />
              <Card title="Account merging" description="When someone signs in with a provider whose e-mail already belongs to a user.">
                <Field label="Merge strategy">
                  {(id) => (
                    <Select id={id} className="max-w-md" value={c.oauth_account_merge_strategy} onChange={(e) => set({ oauth_account_merge_strategy: e.target.value })}>
                      <option value="link_method">Link the provider to the existing user</option>
                      <option value="raise_error">Refuse the sign-in</option>
                      <option value="allow_duplicates">Create a separate user</option>
                    </Select>
                  )}
                </Field>
              </Card>
              <InlineError error={update.error} />
            </div>
          );
        }}
      </QueryView>
    </>
  );
}
