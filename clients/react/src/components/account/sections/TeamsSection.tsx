import { useCallback, useState, type FormEvent } from "react";
import type { Team } from "@latchkey/js";
import { format, useMessages } from "../../../i18n/index.js";
import { useAction, useLoad, type Action } from "../hooks.js";
import { accountMessages } from "../messages.js";
import { ActionNotices, Avatar, Badge, Button, ConfirmButton, Field, LoadState, Section, useFormatDate } from "../ui.js";
import { ApiKeysPanel } from "./ApiKeysPanel.js";
import { TeamMembers } from "./TeamMembers.js";
import type { SectionProps } from "./types.js";

/** Renames the team (shown to members holding `$update_team`). */
function TeamRename({ team }: { team: Team }) {
  const t = useMessages(accountMessages);
  const action = useAction();
  const [name, setName] = useState(team.displayName);
  const rename = async (event: FormEvent) => {
    event.preventDefault();
    const displayName = name.trim();
    await action.run(() => team.update({ displayName }), format(t.teamRenamed, { name: displayName }));
  };
  return (
    <div className="lk-acc-subsection">
      <form className="lk-acc-form lk-acc-inline-form" onSubmit={(e) => void rename(e)}>
        <Field label={t.teamName} required maxLength={256} value={name} onChange={(e) => setName(e.target.value)} />
        <Button type="submit" variant="primary" busy={action.busy} disabled={name.trim() === team.displayName}>{t.teamRename}</Button>
      </form>
      <ActionNotices action={action} />
    </div>
  );
}

/** The open team's panel: what the signed-in user's team permissions allow them to see and change. */
function TeamPanel({ team, props }: { team: Team; props: SectionProps }) {
  const permissions = useLoad(() => props.user.listPermissions(team), [team.id]);
  return (
    <LoadState loaded={permissions}>
      {(list) => {
        const holds = new Set(list.map((p) => p.id));
        return (
          <>
            {holds.has("$update_team") && <TeamRename team={team} />}
            <TeamMembers team={team} user={props.user} canRead={holds.has("$read_members")} canRemove={holds.has("$remove_members")} onRefused={permissions.reload} />
            {holds.has("$invite_members") && <Invitations team={team} />}
            {props.project.config.allowTeamApiKeys && holds.has("$manage_api_keys") && <TeamApiKeys team={team} />}
          </>
        );
      }}
    </LoadState>
  );
}

function Invitations({ team }: { team: Team }) {
  const t = useMessages(accountMessages);
  const formatDate = useFormatDate();
  const invitations = useLoad(() => team.listInvitations(), [team.id]);
  const inviteAction = useAction();
  const rowAction = useAction();
  const [email, setEmail] = useState("");
  const invite = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (await inviteAction.run(() => team.inviteUser({ email: value }), format(t.teamInviteSent, { email: value }))) setEmail("");
  };
  return (
    <div className="lk-acc-subsection">
      <form className="lk-acc-form lk-acc-inline-form" onSubmit={(e) => void invite(e)}>
        <Field label={t.teamInviteEmail} type="email" required maxLength={256} value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" variant="primary" busy={inviteAction.busy}>{t.teamInvite}</Button>
      </form>
      <ActionNotices action={inviteAction} />
      <h3 className="lk-acc-subtitle">{t.teamInvitations}</h3>
      <LoadState loaded={invitations}>
        {(list) => list.length === 0 ? <p className="lk-acc-muted">{t.emptyList}</p> : (
          <ul className="lk-acc-list lk-acc-list-compact">
            {list.map((invitation) => (
              <li className="lk-acc-item" key={invitation.id}>
                <div className="lk-acc-item-main">
                  <span className="lk-acc-item-title lk-acc-break">{invitation.recipientEmail}</span>
                  <span className="lk-acc-muted">{format(t.teamInvitationExpires, { date: formatDate(invitation.expiresAt) })}</span>
                </div>
                <div className="lk-acc-item-actions">
                  <Button variant="ghost" busy={rowAction.busy} onClick={() => void rowAction.run(() => invitation.revoke())}>{t.teamInvitationRevoke}</Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </LoadState>
      <ActionNotices action={rowAction} />
    </div>
  );
}

function TeamApiKeys({ team }: { team: Team }) {
  const t = useMessages(accountMessages);
  const list = useCallback(() => team.listApiKeys(), [team]);
  const create = useCallback((options: { description: string; expiresAt: Date | null }) => team.createApiKey(options), [team]);
  return (
    <div className="lk-acc-subsection">
      <h3 className="lk-acc-subtitle">{t.teamApiKeys}</h3>
      <ApiKeysPanel list={list} create={create} help={t.apiKeysTeamHelp} />
    </div>
  );
}

function TeamRow({ team, selected, open, onToggle, props, leaveAction }: { team: Team; selected: boolean; open: boolean; onToggle: () => void; props: SectionProps; leaveAction: Action }) {
  const t = useMessages(accountMessages);
  const action = useAction();
  const panelId = `lk-team-panel-${team.id}`;
  return (
    <li className="lk-acc-item lk-acc-item-stack">
      <div className="lk-acc-item-head">
        <Avatar name={team.displayName} imageUrl={team.profileImageUrl} size={32} />
        <div className="lk-acc-item-main">
          <span className="lk-acc-item-title lk-acc-break">{team.displayName}</span>
          {selected && <span className="lk-acc-badges"><Badge tone="good">{t.teamSelected}</Badge></span>}
        </div>
        <div className="lk-acc-item-actions">
          {!selected && <Button busy={action.busy} onClick={() => void action.run(() => props.user.setSelectedTeam(team))}>{t.teamSelect}</Button>}
          <Button variant="ghost" aria-expanded={open} aria-controls={panelId} onClick={onToggle}>{open ? t.teamClose : t.teamManage}</Button>
          <ConfirmButton label={t.teamLeave} accessibleLabel={`${t.teamLeave}: ${team.displayName}`} question={format(t.teamLeaveConfirm, { name: team.displayName })} busy={leaveAction.busy}
            onConfirm={() => leaveAction.run(() => props.user.leaveTeam(team), format(t.teamLeft, { name: team.displayName }))} />
        </div>
      </div>
      <ActionNotices action={action} />
      {open && (
        <div className="lk-acc-team-panel" id={panelId} role="region" aria-label={format(t.teamOf, { name: team.displayName })}>
          <TeamPanel team={team} props={props} />
        </div>
      )}
    </li>
  );
}

export function TeamsSection(props: SectionProps) {
  const { user, project } = props;
  const t = useMessages(accountMessages);
  const teams = useLoad(() => user.listTeams(), [user.id]);
  const createAction = useAction();
  // Leaving removes the row, so its note is shown by the section.
  const leaveAction = useAction();
  const [name, setName] = useState("");
  const [open, setOpen] = useState<string | null>(null);
  const create = async (event: FormEvent) => {
    event.preventDefault();
    const displayName = name.trim();
    if (await createAction.run(() => user.createTeam({ displayName }), format(t.teamCreated, { name: displayName }))) setName("");
  };
  return (
    <Section id="lk-account-teams" title={t.sectionTeams}>
      <LoadState loaded={teams}>
        {(list) => list.length === 0 ? <p className="lk-acc-muted">{t.teamsNone}</p> : (
          <ul className="lk-acc-list">
            {list.map((team) => (
              <TeamRow key={team.id} team={team} selected={user.selectedTeam?.id === team.id} open={open === team.id} onToggle={() => setOpen(open === team.id ? null : team.id)} props={props} leaveAction={leaveAction} />
            ))}
          </ul>
        )}
      </LoadState>
      <ActionNotices action={leaveAction} />
      {project.config.clientTeamCreationEnabled && (
        <>
          <form className="lk-acc-form lk-acc-inline-form" onSubmit={(e) => void create(e)}>
            <Field label={t.teamName} required maxLength={256} value={name} onChange={(e) => setName(e.target.value)} />
            <Button type="submit" variant="primary" busy={createAction.busy}>{createAction.busy ? t.teamCreating : t.teamCreate}</Button>
          </form>
          <ActionNotices action={createAction} />
        </>
      )}
    </Section>
  );
}
