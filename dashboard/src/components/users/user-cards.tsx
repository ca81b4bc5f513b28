/** The users list at phone width: one card per user, the whole card a link, e-mails wrapped rather than cut. */
import { Link } from "react-router";
import { Badge, formatDate } from "../ui.js";

export interface UserSummary {
  id: string;
  display_name: string | null;
  primary_email: string | null;
  primary_email_verified: boolean;
  signed_up_at_millis: number;
  last_active_at_millis: number | null;
}

export function UserCards({ users, href }: { users: UserSummary[]; href: (id: string) => string }) {
  return (
    <ul aria-label="Users" className="flex flex-col gap-2 sm:hidden">
      {users.map((u) => (
        <li key={u.id}>
          <Link
            to={href(u.id)}
            className="block rounded-md border border-zinc-200 bg-white p-3 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:bg-zinc-800/60"
          >
            <span className="block font-medium break-all text-indigo-700 dark:text-indigo-300">{u.display_name ?? u.primary_email ?? "Unnamed user"}</span>
            {u.primary_email && (
              <span className="mt-0.5 flex flex-wrap items-center gap-2 text-sm">
                {u.display_name && <span className="break-all">{u.primary_email}</span>}
                {u.primary_email_verified ? <Badge tone="good">verified</Badge> : <Badge tone="warn">unverified</Badge>}
              </span>
            )}
            <span className="mt-1 block text-xs text-zinc-600 dark:text-zinc-400">
              Signed up {formatDate(u.signed_up_at_millis)} · last active {formatDate(u.last_active_at_millis)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
