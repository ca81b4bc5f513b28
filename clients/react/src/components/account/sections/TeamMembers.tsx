/**
 * A team's members in the account settings: name and e-mail of each, and a remove button for members
 * whose permissions allow it (`$remove_members`). Without `$read_members` the server lists nobody, so
 * the section says why instead of asking.
 */
import type { Team, TeamUser } from "@latchkey/js";
import { format, useMessages } from "../../../i18n/index.js";
import { useAction, useLoad } from "../hooks.js";
import { accountMessages, type AccountText } from "../messages.js";
import { ActionNotices, Avatar, ConfirmButton, LoadState } from "../ui.js";
import type { SectionProps } from "./types.js";

/** The member's name: their team name, else their e-mail address; "(you)" for the signed-in user. */
function memberLabels(member: TeamUser, user: SectionProps["user"], t: AccountText) {
  const isYou = member.id === user.id;
  const email = member.primaryEmail ?? (isYou ? user.primaryEmail : null);
  const name = member.teamProfile.displayName ?? (isYou ? user.displayName : null) ?? email ?? t.teamMemberUnnamed;
  return { isYou, name, email: email !== null && email !== name ? email : null };
}

/** `onRefused` runs when the server refuses a removal, so the caller can read the user's permissions again. */
export function TeamMembers({ team, user, canRead, canRemove, onRefused }: { team: Team; user: SectionProps["user"]; canRead: boolean; canRemove: boolean; onRefused: () => void }) {
  const t = useMessages(accountMessages);
  const members = useLoad(() => (canRead ? team.listUsers() : Promise.resolve([])), [team.id, canRead]);
  const removeAction = useAction();
  return (
    <div className="lk-acc-subsection">
      <h3 className="lk-acc-subtitle">{t.teamMembers}</h3>
      {!canRead ? <p className="lk-acc-muted">{t.teamMembersHidden}</p> : (
        <LoadState loaded={members}>
          {(list) => (
            <ul className="lk-acc-list lk-acc-list-compact">
              {list.map((member) => {
                const { isYou, name, email } = memberLabels(member, user, t);
                return (
                  <li className="lk-acc-item lk-acc-member" key={member.id}>
                    <Avatar name={name} imageUrl={member.teamProfile.profileImageUrl} size={28} />
                    <div className="lk-acc-item-main">
                      <span className="lk-acc-item-title lk-acc-break">{isYou ? format(t.teamMemberYou, { name }) : name}</span>
                      {email && <span className="lk-acc-muted lk-acc-break">{email}</span>}
                    </div>
                    {canRemove && !isYou && (
                      <div className="lk-acc-item-actions">
                        <ConfirmButton label={t.teamMemberRemove} accessibleLabel={format(t.teamMemberRemoveLabel, { name })}
                          question={format(t.teamMemberRemoveConfirm, { name, team: team.displayName })} busy={removeAction.busy}
                          onConfirm={async () => {
                            if (!(await removeAction.run(() => team.removeUser(member.id), format(t.teamMemberRemoved, { name })))) onRefused();
                          }} />
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </LoadState>
      )}
      <ActionNotices action={removeAction} />
    </div>
  );
}
