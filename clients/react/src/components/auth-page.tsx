/**
 * The sign-in and sign-up page (Stack's `AuthPage`, `SignIn`, `SignUp`): OAuth providers, passkey,
 * magic link and password, each only when the project enables it.
 */
import { Suspense, useState, type ReactNode } from "react";
import { format, useMessages } from "../i18n/index.js";
import { useProject, useUser } from "../hooks/index.js";
import { CredentialSignIn } from "./credential-sign-in.js";
import { CredentialSignUp } from "./credential-sign-up.js";
import { useHandler } from "./handler-context.js";
import { MagicLinkSignIn } from "./magic-link-sign-in.js";
import { MessageCard } from "./message-card.js";
import { authMessages } from "./messages.js";
import { OAuthButtonGroup, useOAuthProviders } from "./oauth-button.js";
import { PasskeySignInButton } from "./passkey-button.js";
import { Alert, Card, LoadingCard, Separator, Tabs } from "./ui.js";

export interface AuthPageProps {
  type: "sign-in" | "sign-up";
  /** A page of its own (centred, with an h1) rather than a card in the app's page. */
  fullPage?: boolean;
  /** Something shown under the form (terms of service, ...). */
  extraInfo?: ReactNode;
}

/** @example `<AuthPage type="sign-in" fullPage />` */
export function AuthPage(props: AuthPageProps) {
  return (
    <Suspense fallback={<LoadingCard fullPage={props.fullPage} />}>
      <AuthPageContent {...props} />
    </Suspense>
  );
}

/** @example `<SignIn fullPage />` */
export function SignIn(props: Omit<AuthPageProps, "type">) {
  return <AuthPage type="sign-in" {...props} />;
}

/** @example `<SignUp fullPage />` */
export function SignUp(props: Omit<AuthPageProps, "type">) {
  return <AuthPage type="sign-up" {...props} />;
}

function AuthPageContent({ type, fullPage, extraInfo }: AuthPageProps) {
  const project = useProject();
  const user = useUser();
  const handler = useHandler();
  const t = useMessages(authMessages);
  const config = project.config;
  const [method, setMethod] = useState<"password" | "magic-link">(config.credentialEnabled ? "password" : "magic-link");
  const untrusted = handler.untrustedReturnTo();
  const providers = useOAuthProviders();

  if (user) {
    const target = handler.afterAuthTarget(false);
    return (
      <MessageCard
        title={format(t.signedInAs, { name: user.displayName ?? user.primaryEmail ?? "" })}
        fullPage={fullPage}
        primaryButtonText={t.continue}
        primaryAction={() => handler.go(handler.isTrusted(target) ? target : handler.urls.afterSignIn)}
        secondaryButtonText={t.signOut}
        secondaryAction={() => handler.go(handler.link(handler.urls.signOut))}
      >
        {untrusted && <Alert>{format(t.untrustedRedirect, { url: untrusted })}</Alert>}
      </MessageCard>
    );
  }
  if (type === "sign-up" && !config.signUpEnabled) {
    return (
      <MessageCard title={format(t.signUpTitle, { project: project.displayName })} fullPage={fullPage} primaryButtonText={t.backToSignIn} primaryAction={() => handler.go(handler.link(handler.urls.signIn))}>
        {t.signUpDisabled}
      </MessageCard>
    );
  }

  const hasOAuth = providers.length > 0;
  const hasPasskey = type === "sign-in" && config.passkeyEnabled;
  const hasForms = config.credentialEnabled || config.magicLinkEnabled;
  const both = config.credentialEnabled && config.magicLinkEnabled;
  const shown = both ? method : config.credentialEnabled ? "password" : "magic-link";
  return (
    <Card title={format(type === "sign-in" ? t.signInTitle : t.signUpTitle, { project: project.displayName })} fullPage={fullPage}>
      {untrusted && <Alert>{format(t.untrustedRedirect, { url: untrusted })}</Alert>}
      {!hasOAuth && !hasPasskey && !hasForms && <p className="lk-muted lk-center">{t.noMethods}</p>}
      {hasOAuth && <OAuthButtonGroup type={type} providers={providers} />}
      {hasPasskey && <PasskeySignInButton />}
      {(hasOAuth || hasPasskey) && hasForms && <Separator>{t.or}</Separator>}
      {both && (
        <Tabs
          label={t.methodChoice}
          tabs={[
            { id: "password", label: t.tabPassword },
            { id: "magic-link", label: t.tabMagicLink },
          ]}
          selected={method}
          onSelect={setMethod}
        />
      )}
      {hasForms && shown === "password" && (type === "sign-in" ? <CredentialSignIn /> : <CredentialSignUp />)}
      {hasForms && shown === "magic-link" && <MagicLinkSignIn />}
      {type === "sign-in" && config.signUpEnabled && (
        <p className="lk-muted lk-small lk-center">
          {t.noAccount}{" "}
          <a className="lk-link" href={handler.link(handler.urls.signUp)}>
            {t.signUpLink}
          </a>
        </p>
      )}
      {type === "sign-up" && (
        <p className="lk-muted lk-small lk-center">
          {t.haveAccount}{" "}
          <a className="lk-link" href={handler.link(handler.urls.signIn)}>
            {t.signInLink}
          </a>
        </p>
      )}
      {extraInfo}
    </Card>
  );
}
