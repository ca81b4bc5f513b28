import { format, useMessages } from "../../../i18n/index.js";
import { useAction, useLoad } from "../hooks.js";
import { accountMessages } from "../messages.js";
import { ActionNotices, Badge, ConfirmButton, LoadState, Section, useFormatDate } from "../ui.js";
import { loadDeviceReader, type Device } from "./device-name.js";
import type { SectionProps } from "./types.js";

/** A place from the session's geo information, when the server sends one. */
function placeOf(geoInfo: unknown): string | null {
  if (!geoInfo || typeof geoInfo !== "object") return null;
  const info = geoInfo as { cityName?: unknown; countryCode?: unknown; ip?: unknown };
  const parts = [info.cityName, info.countryCode].filter((p): p is string => typeof p === "string" && p !== "");
  if (parts.length > 0) return parts.join(", ");
  return typeof info.ip === "string" ? info.ip : null;
}

/** "Chrome 131 on macOS", or whichever of the two is known. */
function deviceText(device: Device, template: string): string {
  if (device.browser && device.system) return format(template, { browser: device.browser, system: device.system });
  return (device.browser ?? device.system)!;
}

export function SessionsSection({ user }: SectionProps) {
  const t = useMessages(accountMessages);
  const formatDate = useFormatDate();
  const sessions = useLoad(async () => {
    const [list, deviceOf] = await Promise.all([user.getActiveSessions(), loadDeviceReader()]);
    // The current session first, then the most recently used.
    return list.map((session) => ({ ...session, device: deviceOf(session.userAgent) })).sort((a, b) => Number(b.isCurrentSession) - Number(a.isCurrentSession) || (b.lastUsedAt ?? b.createdAt).getTime() - (a.lastUsedAt ?? a.createdAt).getTime());
  }, [user.id]);
  const action = useAction();
  return (
    <Section id="lk-account-sessions" title={t.sectionSessions}>
      <LoadState loaded={sessions}>
        {(list) => (
          <ul className="lk-acc-list">
            {list.map((session) => {
              const place = placeOf(session.geoInfo);
              return (
                <li className="lk-acc-item" key={session.id} data-current={session.isCurrentSession || undefined}>
                  <div className="lk-acc-item-main">
                    {session.device && (
                      <span className="lk-acc-item-title" data-testid="session-device">
                        {deviceText(session.device, t.sessionDevice)}
                      </span>
                    )}
                    <span className={session.device ? "lk-acc-muted" : "lk-acc-item-title"}>{format(t.sessionCreated, { date: formatDate(session.createdAt) })}</span>
                    <span className="lk-acc-muted">{session.lastUsedAt ? format(t.sessionLastUsed, { date: formatDate(session.lastUsedAt) }) : t.sessionNeverUsed}</span>
                    {place && <span className="lk-acc-muted">{format(t.sessionLocation, { place })}</span>}
                    <span className="lk-acc-badges">
                      {session.isCurrentSession && <Badge tone="good">{t.sessionCurrent}</Badge>}
                      {session.isImpersonation && <Badge tone="warn">{t.sessionImpersonation}</Badge>}
                    </span>
                  </div>
                  {!session.isCurrentSession && (
                    <div className="lk-acc-item-actions">
                      <ConfirmButton label={t.sessionRevoke} question={t.sessionRevokeConfirm} busy={action.busy} onConfirm={() => action.run(() => user.revokeSession(session.id), t.sessionRevoked)} />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </LoadState>
      <ActionNotices action={action} />
    </Section>
  );
}
