/** Sign-in buttons for the project's OAuth providers. */
import { useState } from "react";
import { format, useErrorText, useMessages } from "../i18n/index.js";
import { useProject } from "../hooks/index.js";
import { useStackApp } from "../provider.js";
import { useHandler } from "./handler-context.js";
import { authMessages } from "./messages.js";
import { ProviderMark } from "./provider-icons.js";
import { Alert, Button } from "./ui.js";

const providerNames: Record<string, string> = {
  apple: "Apple",
  bitbucket: "Bitbucket",
  discord: "Discord",
  facebook: "Facebook",
  github: "GitHub",
  gitlab: "GitLab",
  google: "Google",
  linkedin: "LinkedIn",
  microsoft: "Microsoft",
  spotify: "Spotify",
  twitch: "Twitch",
  x: "X",
};

/** A provider's name as people know it (the id, capitalised, for custom providers). */
export function providerDisplayName(id: string): string {
  return providerNames[id.toLowerCase()] ?? id.charAt(0).toUpperCase() + id.slice(1);
}

export interface OAuthButtonProps {
  provider: string;
  type?: "sign-in" | "sign-up";
  /** Called with an error that happened before the browser left (e.g. the page is not in a browser). */
  onError?: (error: unknown) => void;
}

/** @example `<OAuthButton provider="github" type="sign-in" />` */
export function OAuthButton({ provider, onError }: OAuthButtonProps) {
  const app = useStackApp();
  const handler = useHandler();
  const t = useMessages(authMessages);
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      busy={busy}
      onClick={() => {
        setBusy(true);
        // The handler's callback page (with `after_auth_return_to` carried) is where the provider sends the browser back.
        app.signInWithOAuth(provider, { returnTo: handler.link(handler.urls.oauthCallback) }).catch((error: unknown) => {
          setBusy(false);
          onError?.(error);
        });
      }}
    >
      <ProviderMark provider={provider} />
      <span>{format(t.continueWith, { provider: providerDisplayName(provider) })}</span>
    </Button>
  );
}

/** The OAuth providers to offer: the handler settings' list, else the project's enabled ones. */
export function useOAuthProviders(): readonly string[] {
  const project = useProject();
  const handler = useHandler();
  return handler.oauthProviders ?? project.config.oauthProviders.map((p) => p.id);
}

/** One button per OAuth provider the project enables (nothing when it enables none). */
export function OAuthButtonGroup({ type = "sign-in", providers: given }: { type?: "sign-in" | "sign-up"; providers?: readonly string[] }) {
  const enabled = useOAuthProviders();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const providers = given ?? enabled;
  if (providers.length === 0) return null;
  return (
    <div className="lk-stack">
      <Alert>{error}</Alert>
      {providers.map((provider) => (
        <OAuthButton key={provider} provider={provider} type={type} onError={(e) => setError(errorText(e))} />
      ))}
    </div>
  );
}
