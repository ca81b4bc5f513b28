/**
 * A team's members in the account settings: name and e-mail of each, their role (changeable from the
 * team's roles when the signed-in user's permissions allow it) and a remove button for members whose
 * permissions allow it (`$remove_members`). Without `$read_members` the server lists nobody, so the
 * section says why instead of asking. Members are listed as the server orders them, oldest membership
 * first (as Stack's member list), so the list keeps its order when roles change.
 */
import type { Team, TeamUser } from "@latchkey/js";
import { format, useMessages } from "../../../i18n/index.js";
import { useAction, useLoad } from "../hooks.js";
import { accountMessages, type AccountText } from "../messages.js";
import { listTeamRoles, setMemberRoles, useStackApp } from "../sdk.js";
import { ActionNotices, Avatar, ConfirmButton, LoadState } from "../ui.js";
import { MemberRole } from "./MemberRole.js";
import type { SectionProps } from "./types.js";

/** The member's name: their team name, else their e-mail address; "(you)" for the signed-in user. */
function memberLabels(member: TeamUser, user: SectionProps["user"], t: AccountText) {
  const isYou = member.id === user.id;
  const email = member.primaryEmail ?? (isYou ? user.primaryEmail : null);
  const name = member.teamProfile.displayName ?? (isYou ? user.displayName : null) ?? email ?? t.teamMemberUnnamed;
  return { isYou, name, email: email !== null && email !== name ? email : null };
}

/** `onRefused` runs when the server refuses a change, so the caller can read the user's permissions again. */
export function TeamMembers({ team, user, canRead, canRemove, onRefused }: { team: Team; user: SectionProps["user"]; canRead: boolean; canRemove: boolean; onRefused: () => void }) {
  const t = useMessages(accountMessages);
  const app = useStackApp();
  const members = useLoad(async () => (canRead ? Promise.all([team.listUsers(), listTeamRoles(app, user, team.id)]) : null), [team.id, canRead]);
  const removeAction = useAction();
  const roleAction = useAction();
  const changeRole = async (memberId: string, roleIds: string[], note: string) => {
    removeAction.clear();
    if (!(await roleAction.run(() => setMemberRoles(app, user, team.id, memberId, roleIds), note))) onRefused();
  };
  return (
    <div className="lk-acc-subsection">
      <h3 className="lk-acc-subtitle">{t.teamMembers}</h3>
      {!canRead ? <p className="lk-acc-muted">{t.teamMembersHidden}</p> : (
        <LoadState loaded={members}>
          {(loaded) => loaded && (
            <ul className="lk-acc-list lk-acc-list-compact">
              {loaded[0].map((member) => {
                const { isYou, name, email } = memberLabels(member, user, t);
                return (
                  <li className="lk-acc-item lk-acc-member" key={member.id}>
                    <Avatar name={name} imageUrl={member.teamProfile.profileImageUrl} size={28} />
                    <div className="lk-acc-item-main">
                      <span className="lk-acc-item-title lk-acc-break">{isYou ? format(t.teamMemberYou, { name }) : name}</span>
                      {email && <span className="lk-acc-muted lk-acc-break">{email}</span>}
                    </div>
                    <div className="lk-acc-item-actions">
                      <MemberRole name={name} memberId={member.id} roles={loaded[1]} editable={!isYou} action={roleAction}
                        onSave={(roleIds, note) => void changeRole(member.id, roleIds, note)} />
                      {canRemove && !isYou && (
                        <ConfirmButton label={t.teamMemberRemove} accessibleLabel={format(t.teamMemberRemoveLabel, { name })}
                          question={format(t.teamMemberRemoveConfirm, { name, team: team.displayName })} busy={removeAction.busy}
                          onConfirm={async () => {
                            roleAction.clear();
                            if (!(await removeAction.run(() => team.removeUser(member.id), format(t.teamMemberRemoved, { name })))) onRefused();
                          }} />
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </LoadState>
      )}
      <ActionNotices action={roleAction} />
      <ActionNotices action={removeAction} />
    </div>
  );
}
