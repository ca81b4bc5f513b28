/**
 * The signed-in user's avatar as a menu button: account settings, the teams to switch to, sign out.
 * A signed-out visitor sees a sign-in button. The menu follows the menu-button pattern: arrows move,
 * Escape closes and returns focus, a click outside closes.
 */
import { Suspense, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { format, useMessages } from "../../i18n/index.js";
import { useLoad } from "./hooks.js";
import { accountMessages } from "./messages.js";
import { useStackApp, useUser } from "./sdk.js";
import { Avatar, Button } from "./ui.js";

export interface UserButtonProps {
  /** Show the user's name and e-mail beside the avatar. */
  showUserInfo?: boolean;
  /** List the user's teams in the menu to switch between (default true). */
  showTeams?: boolean;
  /** Extra menu entries, shown before "Sign out". */
  extraItems?: { text: string; onClick: () => void | Promise<void> }[];
}

/** @example `<UserButton showUserInfo />` */
function UserButtonInner({ showUserInfo = false, showTeams = true, extraItems = [] }: UserButtonProps) {
  const t = useMessages(accountMessages);
  const app = useStackApp();
  const user = useUser();
  const [open, setOpen] = useState(false);
  // The menu opens towards the button's side that has room (it is anchored at the right by default).
  const [alignStart, setAlignStart] = useState(false);
  const [layoutPass, setLayoutPass] = useState(0);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const teams = useLoad(async () => (user && showTeams && open ? await user.listTeams() : []), [user?.id, showTeams, open]);

  useLayoutEffect(() => {
    if (!open || !menuRef.current) return;
    const rect = menuRef.current.getBoundingClientRect();
    if (rect.left < 8 && !alignStart) setAlignStart(true);
    else if (rect.right > window.innerWidth - 8 && alignStart) setAlignStart(false);
  }, [open, alignStart, layoutPass]);

  useEffect(() => {
    if (!open) return;
    const onResize = () => {
      setAlignStart(false);
      setLayoutPass((n) => n + 1);
    };
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const first = menuRef.current?.querySelector<HTMLElement>("[role^=menuitem]");
    first?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node) && !buttonRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  if (!user) return <Button variant="primary" onClick={() => void app.redirectToSignIn()}>{t.signIn}</Button>;

  const name = user.displayName ?? user.primaryEmail ?? "";
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const act = (task: () => unknown) => () => {
    close();
    void Promise.resolve(task());
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>("[role^=menuitem]") ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    switch (event.key) {
      case "ArrowDown": move(index + 1); break;
      case "ArrowUp": move(index - 1); break;
      case "Home": move(0); break;
      case "End": move(items.length - 1); break;
      case "Escape": event.preventDefault(); close(); break;
      case "Tab": setOpen(false); break;
      default: break;
    }
  };
  const teamList = teams.state === "ready" ? teams.data : [];

  return (
    <div className="lk-acc-userbutton">
      <button ref={buttonRef} type="button" className="lk-acc-userbutton-trigger" aria-haspopup="menu" aria-expanded={open} aria-controls={open ? menuId : undefined}
        aria-label={showUserInfo ? undefined : format(t.userMenuFor, { name })} onClick={() => setOpen(!open)}
        onKeyDown={(e) => { if (e.key === "ArrowDown" && !open) { e.preventDefault(); setOpen(true); } }}>
        <Avatar name={name} imageUrl={user.profileImageUrl} size={32} decorative />
        {showUserInfo && (
          <span className="lk-acc-userbutton-info">
            <span className="lk-acc-item-title">{user.displayName ?? user.primaryEmail}</span>
            {user.displayName && user.primaryEmail && <span className="lk-acc-muted">{user.primaryEmail}</span>}
            <span className="lk-acc-visually-hidden"> {t.userMenu}</span>
          </span>
        )}
      </button>
      {open && (
        <div ref={menuRef} id={menuId} className={alignStart ? "lk-acc-menu lk-acc-menu-start" : "lk-acc-menu"} role="menu" aria-label={t.userMenu} onKeyDown={onMenuKey}>
          <div className="lk-acc-menu-header" role="presentation">
            <span className="lk-acc-item-title lk-acc-break">{user.displayName ?? user.primaryEmail}</span>
            {user.displayName && user.primaryEmail && <span className="lk-acc-muted lk-acc-break">{user.primaryEmail}</span>}
          </div>
          <button type="button" role="menuitem" tabIndex={-1} className="lk-acc-menu-item" onClick={act(() => app.redirectToAccountSettings())}>{t.menuAccountSettings}</button>
          {showTeams && teamList.length > 0 && (
            <div role="group" aria-label={t.menuTeams} className="lk-acc-menu-group">
              <span className="lk-acc-menu-label" aria-hidden="true">{t.menuTeams}</span>
              {teamList.map((team) => (
                <button key={team.id} type="button" role="menuitemradio" aria-checked={user.selectedTeam?.id === team.id} tabIndex={-1} className="lk-acc-menu-item" onClick={act(() => user.setSelectedTeam(team))}>
                  {team.displayName}
                </button>
              ))}
            </div>
          )}
          {extraItems.map((item) => (
            <button key={item.text} type="button" role="menuitem" tabIndex={-1} className="lk-acc-menu-item" onClick={act(item.onClick)}>{item.text}</button>
          ))}
          <button type="button" role="menuitem" tabIndex={-1} className="lk-acc-menu-item" onClick={act(async () => {
            await user.signOut();
            await app.redirectToAfterSignOut();
          })}>{t.menuSignOut}</button>
        </div>
      )}
    </div>
  );
}

/** Shows a placeholder of the avatar's size while the user is first read. */
export function UserButton(props: UserButtonProps) {
  return <Suspense fallback={<span className="lk-acc-userbutton-placeholder" aria-hidden="true" />}><UserButtonInner {...props} /></Suspense>;
}
