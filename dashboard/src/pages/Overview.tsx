/**
 * The project at a glance: the way to connect an app while nobody has signed up, user totals, sign-ups
 * and active users per day, the sign-in methods that are on, and the production checklist.
 */
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, CircleAlert, Plug } from "lucide-react";
import { Link } from "react-router";
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Card, Empty, formatDate, PageHeader, QueryView } from "../components/ui.js";
import { SignInMethods } from "../components/sign-in-methods.js";
import { useTRPC } from "../lib/trpc.js";
import { useProjectPath } from "../lib/project.js";

function DailyChart({ title, data, colour, label }: { title: string; data: { date: string; activity: number }[]; colour: string; label: string }) {
  const total = data.reduce((sum, d) => sum + d.activity, 0);
  return (
    <Card title={title} description={`${total} in the last ${data.length} days`}>
      <figure aria-label={`${title}: ${data.map((d) => `${d.date} ${d.activity}`).join(", ")}`}>
        <div className="h-56 w-full text-zinc-600 dark:text-zinc-400">
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.2} />
              <XAxis dataKey="date" tickFormatter={(d: string) => d.slice(5)} stroke="currentColor" fontSize={11} minTickGap={16} />
              <YAxis allowDecimals={false} stroke="currentColor" fontSize={11} />
              <Tooltip contentStyle={{ fontSize: 12, color: "#18181b" }} />
              <Area type="monotone" dataKey="activity" name={label} stroke={colour} fill={colour} fillOpacity={0.25} />
            </AreaChart>
          </ResponsiveContainer>
        </div>
      </figure>
    </Card>
  );
}

const linkButton = "inline-flex items-center gap-2 rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700";

export default function Overview() {
  const trpc = useTRPC();
  const path = useProjectPath();
  const project = useQuery(trpc.getAdminProject.queryOptions());
  const metrics = useQuery(trpc.getProjectMetrics.queryOptions({ query: {} }));
  const problems = useQuery(trpc.getProductionModeProblems.queryOptions());
  return (
    <>
      <PageHeader
        title="Overview"
        description={project.data ? `${project.data.display_name} — ${project.data.is_production_mode ? "in production mode" : "in development mode"}` : undefined}
        actions={
          <Link className={linkButton} to={path("connect")}>
            <Plug aria-hidden className="size-4" /> Connect your app
          </Link>
        }
      />
      <div className="grid gap-4">
        {metrics.data?.total_users === 0 && (
          <Card title="Connect your app" description="Nobody has signed up yet. Get this project's keys into your app with a ready .env block and your framework's quickstart.">
            <Link className={linkButton} to={path("connect")}>
              <Plug aria-hidden className="size-4" /> Set up Next.js, React, Node or plain HTTP
            </Link>
          </Card>
        )}
        <QueryView query={metrics} what="the user metrics">
          {(m) => (
            <>
              <div className="grid gap-4 sm:grid-cols-3">
                <Card title="Users">
                  <p className="text-3xl font-semibold" data-testid="total-users">
                    {m.total_users}
                  </p>
                </Card>
                <Card title="Sign-ups today">
                  <p className="text-3xl font-semibold">{m.daily_users.at(-1)?.activity ?? 0}</p>
                </Card>
                <Card title="Active today">
                  <p className="text-3xl font-semibold">{m.daily_active_users.at(-1)?.activity ?? 0}</p>
                </Card>
              </div>
              <div className="grid gap-4 lg:grid-cols-2">
                <DailyChart title="Sign-ups per day" data={m.daily_users} colour="#4f46e5" label="Sign-ups" />
                <DailyChart title="Active users per day" data={m.daily_active_users} colour="#059669" label="Active users" />
              </div>
              <div className="grid gap-4 lg:grid-cols-2">
                <Card title="Recently signed up">
                  {m.recently_registered.length === 0 ? (
                    <Empty title="No users yet">Users appear here when they sign up or you create them.</Empty>
                  ) : (
                    <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
                      {m.recently_registered.map((u) => (
                        <li key={u.id} className="flex justify-between gap-2 py-2 text-sm">
                          <Link className="truncate text-indigo-700 underline dark:text-indigo-300" to={path(`users/${u.id}`)}>
                            {u.display_name ?? u.primary_email ?? u.id}
                          </Link>
                          <span className="shrink-0 text-zinc-600 dark:text-zinc-400">{formatDate(u.signed_up_at_millis)}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </Card>
                <SignInMethods userCounts={m.login_methods} />
              </div>
            </>
          )}
        </QueryView>
        <Card title="Production checklist" description="What to fix before switching the project to production mode.">
          <QueryView query={problems} what="the production checklist">
            {(p) =>
              p.items.length === 0 ? (
                <p className="flex items-center gap-2 text-sm text-emerald-800 dark:text-emerald-300">
                  <CheckCircle2 aria-hidden className="size-4" /> Ready for production: no problems found.
                </p>
              ) : (
                <ul className="flex flex-col gap-2" data-testid="production-problems">
                  {p.items.map((item) => (
                    <li key={item.message} className="flex items-start gap-2 text-sm">
                      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" />
                      <span>
                        {item.message}{" "}
                        <Link className="text-indigo-700 underline dark:text-indigo-300" to={item.relative_fix_url.replace(/^\/projects\/[^/]+\//, path(""))}>
                          Fix it
                        </Link>
                      </span>
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryView>
        </Card>
      </div>
    </>
  );
}
