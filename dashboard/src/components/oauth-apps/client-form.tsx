/** The form that registers an OAuth client or changes one (its type is fixed once registered). */
import { useState, type FormEvent } from "react";
import { Button, Field, InlineError, Input, Select, Textarea } from "../ui.js";
import { grantLabels, grantTypes, standardScopes, type OAuthClient, type OAuthClientFields } from "./types.js";

/** One entry a line (or separated by spaces, for scopes), blanks dropped. */
const lines = (text: string) => text.split("\n").map((line) => line.trim()).filter(Boolean);
const words = (text: string) => text.split(/[\s,]+/).filter(Boolean);

export function ClientForm({ client, projectScopes, busy, error, submitLabel, onSubmit, onCancel }: {
  client: OAuthClient | null;
  projectScopes: string[];
  busy: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (fields: OAuthClientFields) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(client?.name ?? "");
  const [logoUrl, setLogoUrl] = useState(client?.logo_url ?? "");
  const [type, setType] = useState<OAuthClientFields["type"]>(client?.type ?? "confidential");
  const [redirectUris, setRedirectUris] = useState((client?.redirect_uris ?? []).join("\n"));
  const [scopes, setScopes] = useState((client?.allowed_scopes ?? ["openid", "profile", "email"]).join(" "));
  const [grants, setGrants] = useState<OAuthClientFields["grant_types"]>(client?.grant_types ?? ["authorization_code", "refresh_token"]);
  const known = [...standardScopes, ...projectScopes];

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit({ name: name.trim(), logo_url: logoUrl.trim() || null, type, redirect_uris: lines(redirectUris), allowed_scopes: words(scopes), grant_types: grants });
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={submit}>
      <Field label="Name" hint="Shown to users on the consent page.">{(id, describedBy) => <Input id={id} aria-describedby={describedBy} required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} placeholder="Partner portal" />}</Field>
      <Field label="Logo URL" hint="Optional, https.">{(id, describedBy) => <Input id={id} aria-describedby={describedBy} type="url" value={logoUrl} onChange={(e) => setLogoUrl(e.target.value)} placeholder="https://app.example.com/logo.png" />}</Field>
      {client === null && (
        <Field label="Type" hint="Confidential clients keep a secret on a server; public ones (single-page apps, native apps, agents) cannot.">
          {(id, describedBy) => (
            <Select id={id} aria-describedby={describedBy} value={type} onChange={(e) => setType(e.target.value as OAuthClientFields["type"])}>
              <option value="confidential">Confidential (has a secret)</option>
              <option value="public">Public (no secret)</option>
            </Select>
          )}
        </Field>
      )}
      <Field label="Redirect URIs" hint="One a line, matched exactly: https, http on localhost, or an app's own scheme.">
        {(id, describedBy) => <Textarea id={id} aria-describedby={describedBy} rows={3} value={redirectUris} onChange={(e) => setRedirectUris(e.target.value)} placeholder="https://app.example.com/callback" className="font-mono text-xs" />}
      </Field>
      <Field label="Allowed scopes" hint={`Separated by spaces. Known here: ${known.join(" ")}`}>
        {(id, describedBy) => <Input id={id} aria-describedby={describedBy} value={scopes} onChange={(e) => setScopes(e.target.value)} className="font-mono text-xs" />}
      </Field>
      <fieldset className="flex flex-col gap-1 text-sm">
        <legend className="mb-1 font-medium">Grant types</legend>
        {grantTypes.map((grant) => (
          <label key={grant} className="flex items-center gap-2">
            <input type="checkbox" checked={grants.includes(grant)} onChange={(e) => setGrants(e.target.checked ? [...grants, grant] : grants.filter((g) => g !== grant))} />
            {grantLabels[grant]}
          </label>
        ))}
      </fieldset>
      <InlineError error={error} />
      <div className="flex gap-2">
        <Button type="submit" busy={busy} disabled={grants.length === 0}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
