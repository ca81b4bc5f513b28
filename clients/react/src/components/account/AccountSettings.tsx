/**
 * The account settings page: a navigation of sections (those the project enables) and the chosen
 * section. The section follows the address's hash (`#mfa`, `#teams`, ...), so a link can open one.
 */
import { Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { BrandHeader } from "../branding.js";
import type { Project } from "@latchkey/js";
import { useMessages } from "../../i18n/index.js";
import { ChangeContext, LeavingContext, useChangeCounter } from "./hooks.js";
import { accountMessages, type AccountText } from "./messages.js";
import { useProject, useStackApp, useUser, type User } from "./sdk.js";
import { ApiKeysSection } from "./sections/ApiKeysSection.js";
import { AuthorizedAppsSection } from "./sections/AuthorizedAppsSection.js";
import { DeleteSection } from "./sections/DeleteSection.js";
import { EmailsSection } from "./sections/EmailsSection.js";
import { MfaSection } from "./sections/MfaSection.js";
import { NotificationsSection } from "./sections/NotificationsSection.js";
import { OAuthSection } from "./sections/OAuthSection.js";
import { PasskeysSection } from "./sections/PasskeysSection.js";
import { PasswordSection } from "./sections/PasswordSection.js";
import { ProfileSection } from "./sections/ProfileSection.js";
import { SessionsSection } from "./sections/SessionsSection.js";
import { TeamsSection } from "./sections/TeamsSection.js";
import type { SectionProps } from "./sections/types.js";
import { Loading } from "./ui.js";

export type AccountSectionId = "profile" | "emails" | "password" | "passkeys" | "mfa" | "oauth" | "sessions" | "authorized-apps" | "api-keys" | "teams" | "notifications" | "delete";

interface SectionEntry {
  id: AccountSectionId;
  title: keyof AccountText;
  Component: ComponentType<SectionProps>;
  shown: (project: Project, user: User) => boolean;
}

const always = () => true;

/** Every section, in order, with when it appears. */
export const accountSections: readonly SectionEntry[] = [
  { id: "profile", title: "sectionProfile", Component: ProfileSection, shown: always },
  { id: "emails", title: "sectionEmails", Component: EmailsSection, shown: always },
  { id: "password", title: "sectionPassword", Component: PasswordSection, shown: (p, u) => p.config.credentialEnabled || u.hasPassword },
  { id: "passkeys", title: "sectionPasskeys", Component: PasskeysSection, shown: (p, u) => p.config.passkeyEnabled || u.passkeyAuthEnabled },
  { id: "mfa", title: "sectionMfa", Component: MfaSection, shown: always },
  { id: "oauth", title: "sectionOAuth", Component: OAuthSection, shown: (p, u) => p.config.oauthProviders.length > 0 || u.oauthProviders.length > 0 },
  { id: "sessions", title: "sectionSessions", Component: SessionsSection, shown: always },
  { id: "authorized-apps", title: "sectionAuthorizedApps", Component: AuthorizedAppsSection, shown: always },
  { id: "api-keys", title: "sectionApiKeys", Component: ApiKeysSection, shown: (p) => p.config.allowUserApiKeys },
  { id: "teams", title: "sectionTeams", Component: TeamsSection, shown: always },
  { id: "notifications", title: "sectionNotifications", Component: NotificationsSection, shown: always },
  { id: "delete", title: "sectionDelete", Component: DeleteSection, shown: (p) => p.config.clientUserDeletionEnabled },
];

const hashSection = (): string | null => (typeof window === "undefined" ? null : window.location.hash.replace(/^#/, "") || null);

export interface AccountSettingsProps {
  /** The section shown first (default: the address's hash, else the profile). */
  initialSection?: AccountSectionId;
  /** Wraps the page in the full-page layout (the hosted page does). */
  fullPage?: boolean;
  /** Content shown above the sections (a logo, a back link). */
  header?: ReactNode;
}

function SettingsBody({ user, header, initialSection }: { user: User; header?: ReactNode; initialSection?: AccountSectionId }) {
  const t = useMessages(accountMessages);
  const app = useStackApp();
  const project = useProject();
  const counter = useChangeCounter();
  const [chosen, setChosen] = useState<string>(initialSection ?? hashSection() ?? "profile");
  const nav = useRef<HTMLElement>(null);

  // On narrow screens the navigation scrolls sideways: keep the chosen entry in view.
  useEffect(() => {
    const reveal = () => nav.current?.querySelector("[aria-current=page]")?.scrollIntoView({ block: "nearest", inline: "nearest" });
    reveal();
    window.addEventListener("resize", reveal);
    return () => window.removeEventListener("resize", reveal);
  }, [chosen]);

  useEffect(() => {
    const onHash = () => setChosen(hashSection() ?? "profile");
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);

  const choose = (id: AccountSectionId) => {
    setChosen(id);
    if (typeof window !== "undefined") window.history.replaceState(window.history.state, "", `#${id}`);
  };

  return (
    <ChangeContext.Provider value={counter}>
      <div className="lk-acc">
        {header}
        <h1 className="lk-acc-title">{t.title}</h1>
        {(() => {
          const sections = accountSections.filter((s) => s.shown(project, user));
          const current = sections.find((s) => s.id === chosen) ?? sections[0]!;
          return (
            <div className="lk-acc-layout">
              <nav className="lk-acc-nav" aria-label={t.navLabel} ref={nav}>
                <ul>
                  {sections.map((s) => (
                    <li key={s.id}>
                      <button type="button" className="lk-acc-nav-item" aria-current={s.id === current.id ? "page" : undefined} onClick={() => choose(s.id)}>
                        {t[s.title]}
                      </button>
                    </li>
                  ))}
                </ul>
              </nav>
              <div className="lk-acc-content">
                <current.Component key={current.id} app={app} user={user} project={project} />
              </div>
            </div>
          );
        })()}
      </div>
    </ChangeContext.Provider>
  );
}

function SignedIn({ header, initialSection }: { header?: ReactNode; initialSection?: AccountSectionId }) {
  const [leaving, setLeaving] = useState(false);
  const user = useUser(leaving ? {} : { or: "redirect" });
  if (!user) return <div className="lk-acc"><Loading /></div>;
  return (
    <LeavingContext.Provider value={setLeaving}>
      <SettingsBody user={user} header={header} {...(initialSection && { initialSection })} />
    </LeavingContext.Provider>
  );
}

/**
 * Everything a signed-in user manages about their account. Sends a signed-out visitor to the sign-in page
 * (showing the loading state meanwhile).
 *
 * @example
 * ```tsx
 * <StackProvider app={app}><AccountSettings /></StackProvider>
 * ```
 */
export function AccountSettings({ fullPage = false, header, initialSection }: AccountSettingsProps) {
  const body = (
    <Suspense fallback={<div className="lk-acc"><Loading /></div>}>
      <SignedIn header={header} {...(initialSection && { initialSection })} />
    </Suspense>
  );
  return fullPage ? (
    <main className="lk-acc-page">
      <BrandHeader />
      {body}
    </main>
  ) : body;
}
