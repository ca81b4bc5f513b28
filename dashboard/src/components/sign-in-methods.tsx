/**
 * The Overview's sign-in methods: what the project's configuration has on (password, magic link, passkey,
 * each OAuth provider that allows sign-in), each with how many users can use it; "nobody can sign in"
 * only when every method is off.
 */
import { Link } from "react-router";
import { useProjectPath } from "../lib/project.js";
import { useAdminProject } from "../lib/use-project.js";
import { Badge, Card, Empty, QueryView } from "./ui.js";

const builtIn = [
  ["credential_enabled", "password", "Password"],
  ["magic_link_enabled", "otp", "Magic link / one-time code"],
  ["passkey_enabled", "passkey", "Passkey"],
] as const;

export function SignInMethods({ userCounts }: { userCounts: { method: string; count: number }[] }) {
  const project = useAdminProject();
  const path = useProjectPath();
  const usersOf = (method: string) => userCounts.find((c) => c.method === method)?.count ?? 0;
  return (
    <Card
      title="Sign-in methods"
      actions={
        <Link className="text-sm text-indigo-700 underline dark:text-indigo-300" to={path("auth-methods")}>
          Change
        </Link>
      }
    >
      <QueryView query={project} what="the sign-in methods">
        {(p) => {
          const enabled = [
            ...builtIn.filter(([setting]) => p.config[setting]).map(([, method, label]) => ({ method, label })),
            ...p.config.enabled_oauth_providers.map((provider) => ({ method: provider.id, label: `OAuth: ${provider.id}` })),
          ];
          if (enabled.length === 0) return <Empty title="Nobody can sign in yet">Every sign-in method is off. Turn one on in Auth methods.</Empty>;
          return (
            <ul className="text-sm" aria-label="Enabled sign-in methods">
              {enabled.map(({ method, label }) => (
                <li key={method} className="flex items-center justify-between gap-2 py-1">
                  <span className="flex items-center gap-2">
                    <Badge tone="good">on</Badge> {label}
                  </span>
                  <span className="text-zinc-600 dark:text-zinc-400">
                    {usersOf(method)} {usersOf(method) === 1 ? "user" : "users"}
                  </span>
                </li>
              ))}
              {!p.config.sign_up_enabled && <li className="pt-2 text-xs text-amber-800 dark:text-amber-300">Sign-up is off: only users you create can sign in.</li>}
            </ul>
          );
        }}
      </QueryView>
    </Card>
  );
}
