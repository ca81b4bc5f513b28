/**
 * A member's role in the team list: a select of the team's roles with a Save button when the signed-in
 * user may change it (they hold `$remove_members` and what the roles involved contain, see the server's
 * `/team-member-roles`), else the member's roles as badges. A member holding several roles, or one the
 * user may not take away, keeps the badges: a single choice would drop roles the user cannot give back.
 * The choice is saved by the button, not on change: arrow keys on a closed select change its value.
 */
import { useEffect, useId, useState } from "react";
import { format, useMessages } from "../../../i18n/index.js";
import type { Action } from "../hooks.js";
import { accountMessages } from "../messages.js";
import type { TeamRoles } from "../sdk.js";
import { Badge, Button } from "../ui.js";

/** A role id as people read it: `team_admin` becomes "Team admin". */
export function roleName(id: string): string {
  const words = id.replace(/[_:]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function MemberRole({ name, memberId, roles, editable, action, onSave }: {
  name: string;
  memberId: string;
  roles: TeamRoles;
  /** False for the signed-in user's own row (their roles are changed by another member). */
  editable: boolean;
  action: Action;
  onSave: (roleIds: string[], note: string) => void;
}) {
  const t = useMessages(accountMessages);
  const id = useId();
  const held = roles.byMember.get(memberId) ?? [];
  const current = held[0] ?? "";
  const [chosen, setChosen] = useState(current);
  // The list loaded again (after a save, or another change): show what the member now holds.
  useEffect(() => setChosen(current), [current]);
  const changeable = editable && roles.assignable.size > 0 && held.length <= 1 && held.every((r) => roles.assignable.has(r));
  if (!changeable) {
    return held.length === 0 ? null : <span className="lk-acc-badges">{held.map((r) => <Badge key={r}>{roleName(r)}</Badge>)}</span>;
  }
  const save = () => {
    const note = chosen === "" ? format(t.teamMemberRoleCleared, { name }) : format(t.teamMemberRoleChanged, { name, role: roleName(chosen) });
    onSave(chosen === "" ? [] : [chosen], note);
  };
  return (
    <span className="lk-acc-member-role">
      <label className="lk-acc-visually-hidden" htmlFor={id}>{format(t.teamMemberRoleOf, { name })}</label>
      <select className="lk-acc-input" id={id} value={chosen} disabled={action.busy} onChange={(e) => setChosen(e.target.value)}>
        <option value="">{t.teamMemberNoRole}</option>
        {roles.roles.filter((r) => roles.assignable.has(r.id)).map((r) => <option key={r.id} value={r.id}>{roleName(r.id)}</option>)}
      </select>
      {chosen !== current && (
        <Button variant="primary" busy={action.busy} aria-label={format(t.teamMemberRoleSave, { name })} onClick={save}>{t.save}</Button>
      )}
    </span>
  );
}
