import { format, useMessages } from "../../../i18n/index.js";
import { useAction, useLoad } from "../hooks.js";
import { accountMessages } from "../messages.js";
import { listLinkedAccounts, removeLinkedAccount } from "../sdk.js";
import { ActionNotices, Badge, ConfirmButton, LoadState, Section } from "../ui.js";
import type { SectionProps } from "./types.js";

/** Display names of the providers the server knows (SPEC section 5); others show their id. */
const providerNames: Record<string, string> = {
  google: "Google", github: "GitHub", microsoft: "Microsoft", spotify: "Spotify", facebook: "Facebook", discord: "Discord",
  gitlab: "GitLab", bitbucket: "Bitbucket", linkedin: "LinkedIn", apple: "Apple", x: "X", twitch: "Twitch",
};
export const providerName = (id: string) => providerNames[id] ?? id;

export function OAuthSection({ app, user }: SectionProps) {
  const t = useMessages(accountMessages);
  const accounts = useLoad(() => listLinkedAccounts(app, user), [user.id]);
  const action = useAction();
  return (
    <Section id="lk-account-oauth" title={t.sectionOAuth}>
      <LoadState loaded={accounts}>
        {(list) => list.length === 0 ? <p className="lk-acc-muted">{t.oauthNone}</p> : (
          <ul className="lk-acc-list">
            {list.map((account) => {
              const provider = providerName(account.providerId);
              return (
                <li className="lk-acc-item" key={account.id}>
                  <div className="lk-acc-item-main">
                    <span className="lk-acc-item-title">{format(t.oauthAccountOf, { provider })}</span>
                    {account.email && <span className="lk-acc-muted lk-acc-break">{account.email}</span>}
                    <span className="lk-acc-badges">{account.allowSignIn ? <Badge tone="good">{t.oauthSignInOn}</Badge> : <Badge>{t.oauthSignInOff}</Badge>}</span>
                  </div>
                  <div className="lk-acc-item-actions">
                    <ConfirmButton label={t.oauthDisconnect} accessibleLabel={`${t.oauthDisconnect}: ${provider}`} question={format(t.oauthRemoveConfirm, { provider })} busy={action.busy}
                      onConfirm={() => action.run(() => removeLinkedAccount(app, user, account.id))} />
                  </div>
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
