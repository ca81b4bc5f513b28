import { useMessages } from "../../../i18n/index.js";
import { useAction, useLoad } from "../hooks.js";
import { accountMessages } from "../messages.js";
import { listNotificationPreferences } from "../sdk.js";
import { ActionNotices, Button, Notice, Section } from "../ui.js";
import type { SectionProps } from "./types.js";

export function NotificationsSection({ user }: SectionProps) {
  const t = useMessages(accountMessages);
  const preferences = useLoad(() => listNotificationPreferences(user), [user.id]);
  const action = useAction();
  return (
    <Section id="lk-account-notifications" title={t.sectionNotifications} description={t.notificationsHelp}>
      {preferences.state === "loading" && <p className="lk-acc-loading" role="status">{t.loading}</p>}
      {preferences.state === "error" && (
        <div className="lk-acc-load-error">
          <Notice kind="error">{t.notificationsUnavailable}</Notice>
          <Button variant="ghost" onClick={preferences.reload}>{t.retry}</Button>
        </div>
      )}
      {preferences.state === "ready" && (
        <ul className="lk-acc-list">
          {preferences.data.map((p) => (
            <li className="lk-acc-item" key={p.id}>
              <label className="lk-acc-switch">
                <input type="checkbox" role="switch" checked={p.enabled} disabled={!p.canDisable || action.busy}
                  onChange={(e) => void action.run(() => p.setEnabled(e.target.checked))} />
                <span>{p.name === "Transactional" ? t.notificationTransactional : p.name === "Marketing" ? t.notificationMarketing : p.name}</span>
              </label>
              {!p.canDisable && <span className="lk-acc-muted">{t.notificationsRequired}</span>}
            </li>
          ))}
        </ul>
      )}
      <ActionNotices action={action} />
    </Section>
  );
}
