import { format, useMessages } from "../../../i18n/index.js";
import { useAction, useLoad } from "../hooks.js";
import { accountMessages } from "../messages.js";
import { ActionNotices, Avatar, ConfirmButton, LoadState, Section, useFormatDate } from "../ui.js";
import type { SectionProps } from "./types.js";

/** The apps the user allowed on the project's consent page (OAuth clients, AI agents), each revocable. */
export function AuthorizedAppsSection({ user }: SectionProps) {
  const t = useMessages(accountMessages);
  const formatDate = useFormatDate();
  const apps = useLoad(() => user.listAuthorizedApps(), [user.id]);
  const action = useAction();
  return (
    <Section id="lk-account-authorized-apps" title={t.sectionAuthorizedApps} description={t.authorizedAppsHelp}>
      <LoadState loaded={apps}>
        {(list) => list.length === 0 ? <p className="lk-acc-muted">{t.authorizedAppsNone}</p> : (
          <ul className="lk-acc-list">
            {list.map((app) => (
              <li className="lk-acc-item" key={app.clientId}>
                <Avatar name={app.clientName} imageUrl={app.logoUrl} size={32} decorative />
                <div className="lk-acc-item-main">
                  <span className="lk-acc-item-title">{app.clientName}</span>
                  <span className="lk-acc-muted">{format(t.authorizedAppGranted, { date: formatDate(app.grantedAt) })}</span>
                  <span className="lk-acc-muted lk-acc-mono">{format(t.authorizedAppScopes, { scopes: app.scopes.join(" ") })}</span>
                </div>
                <div className="lk-acc-item-actions">
                  <ConfirmButton
                    label={t.revoke}
                    accessibleLabel={format(t.authorizedAppRevoke, { app: app.clientName })}
                    question={format(t.authorizedAppRevokeConfirm, { app: app.clientName })}
                    busy={action.busy}
                    onConfirm={() => action.run(() => user.revokeAuthorizedApp(app.clientId), format(t.authorizedAppRevoked, { app: app.clientName }))}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </LoadState>
      <ActionNotices action={action} />
    </Section>
  );
}
