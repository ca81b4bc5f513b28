/**
 * The hosted app: the handler router of @latchkey/react with the checkout, billing and unsubscribe pages added
 * (loaded on demand), in the components' theme. Without a project (unknown `project_id`) it says so.
 */
import { lazy, useEffect } from "react";
import type { HandlerUrls } from "@latchkey/js";
import { MessageCard, StackHandler, type Branding, StackProvider, StackTheme, useLocale, useMessages, type HandlerRoute, type RedirectPolicy, type StackClientApp } from "./react.js";
import { hostedMessages } from "./messages.js";

const CheckoutPage = lazy(() => import("./pages/checkout/CheckoutPage.js"));
const BillingPage = lazy(() => import("./pages/billing/BillingPage.js"));
const UnsubscribePage = lazy(() => import("./pages/unsubscribe/UnsubscribePage.js"));

const routes: Record<string, HandlerRoute> = {
  purchase: () => <CheckoutPage />,
  billing: () => <BillingPage />,
  unsubscribe: ({ fullPage }) => <UnsubscribePage fullPage={fullPage} />,
};

function DocumentLanguage() {
  const locale = useLocale();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return null;
}

function MissingProject() {
  const t = useMessages(hostedMessages);
  useEffect(() => {
    document.title = t.missingTitle;
  }, [t]);
  return (
    <MessageCard title={t.missingTitle} fullPage>
      {t.missingText}
    </MessageCard>
  );
}

export interface HostedAppProps {
  app: StackClientApp | null;
  urls: Partial<HandlerUrls>;
  redirectPolicy: RedirectPolicy;
  oauthProviders: string[] | null;
  /** The project's name, logos and colour on every page. */
  branding?: Branding | null;
}

export function HostedApp({ app, urls, redirectPolicy, oauthProviders, branding }: HostedAppProps) {
  return (
    <StackTheme {...(branding && { branding })}>
      <DocumentLanguage />
      {app ? (
        <StackProvider app={app}>
          <StackHandler urls={urls} redirectPolicy={redirectPolicy} routes={routes} {...(oauthProviders && { oauthProviders })} />
        </StackProvider>
      ) : (
        <MissingProject />
      )}
    </StackTheme>
  );
}
