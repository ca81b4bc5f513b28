/**
 * A labelled select of the signed-in user's teams; choosing one makes it the selected team (unless
 * `noUpdateSelectedTeam`) and calls `onChange`.
 */
import { Suspense, useId } from "react";
import type { Team } from "@latchkey/js";
import { useMessages } from "../../i18n/index.js";
import { useAction, useLoad } from "./hooks.js";
import { accountMessages } from "./messages.js";
import { useUser } from "./sdk.js";
import { ActionNotices } from "./ui.js";

export interface SelectedTeamSwitcherProps {
  /** Called with the chosen team (after it became the selected team). */
  onChange?: (team: Team | null) => void;
  /** Only report the choice; do not change the user's selected team. */
  noUpdateSelectedTeam?: boolean;
  /** The label shown above the select (default "Team"). */
  label?: string;
}

/** @example `<SelectedTeamSwitcher onChange={(team) => router.push(`/teams/${team?.id}`)} />` */
function SelectedTeamSwitcherInner({ onChange, noUpdateSelectedTeam = false, label }: SelectedTeamSwitcherProps) {
  const t = useMessages(accountMessages);
  const id = useId();
  const user = useUser();
  const teams = useLoad(async () => (user ? await user.listTeams() : []), [user?.id]);
  const action = useAction();
  if (!user) return null;
  const list = teams.state === "ready" ? teams.data : [];
  const selectedId = user.selectedTeam?.id ?? "";
  const choose = (teamId: string) => {
    const team = list.find((x) => x.id === teamId) ?? null;
    void action.run(async () => {
      if (!noUpdateSelectedTeam) await user.setSelectedTeam(team);
      onChange?.(team);
    });
  };
  return (
    <div className="lk-acc-switcher">
      <label className="lk-acc-label" htmlFor={id}>{label ?? t.teamSwitcherLabel}</label>
      <select className="lk-acc-input" id={id} value={selectedId} disabled={teams.state !== "ready" || action.busy} aria-busy={teams.state === "loading" || undefined} onChange={(e) => choose(e.target.value)}>
        {selectedId === "" && <option value="">{t.teamSwitcherNone}</option>}
        {user.selectedTeam && !list.some((x) => x.id === selectedId) && <option value={selectedId}>{user.selectedTeam.displayName}</option>}
        {list.map((team) => <option key={team.id} value={team.id}>{team.displayName}</option>)}
      </select>
      <ActionNotices action={action} />
    </div>
  );
}

/** Shows a placeholder of the same size while the user is first read. */
export function SelectedTeamSwitcher(props: SelectedTeamSwitcherProps) {
  return <Suspense fallback={<div className="lk-acc-switcher lk-acc-switcher-placeholder" aria-hidden="true" />}><SelectedTeamSwitcherInner {...props} /></Suspense>;
}
