import { it } from "vitest";
import { randomUUID } from "node:crypto";
import { createTestInstance } from "../support/instance.js";
import { projectMetricsOf } from "../../server/services/project-metrics.js";
import { renderProjectConfig } from "../../server/services/config/project-config.js";
it.each(["sqlite", "postgres"] as const)("perf %s", async (dialect) => {
  await using lk = await createTestInstance(dialect);
  const project = await lk.createProject();
  const { db, t } = lk.deps.store as any;
  const now = lk.clock.now().getTime();
  for (let b = 0; b < 100; b++) {
    const users = Array.from({ length: 1000 }, (_, i) => {
      const at = new Date(now - Math.floor(Math.random() * 60) * 86_400_000);
      return { id: randomUUID(), projectId: project.id, signedUpAt: at, lastActiveAt: at, passwordHash: i % 2 ? "x" : null, isAnonymous: i % 10 === 0 };
    });
    await db.insert(t.users).values(users);
    await db.insert(t.userActivityDays).values(users.map((u) => ({ projectId: project.id, userId: u.id, day: u.lastActiveAt.toISOString().slice(0, 10) })));
  }
  if (dialect === "postgres") await db.execute("analyze");
  const row = (await lk.deps.queries.projects.find(project.id))!;
  const q = lk.deps.queries.projectMetrics;
  const since = new Date(now - 30 * 86_400_000);
  const time = async (name: string, fn: () => Promise<unknown>) => { const s0 = performance.now(); await fn(); console.log(dialect, name, (performance.now() - s0).toFixed(1)); };
  for (let i = 0; i < 2; i++) {
    await time("total", () => q.totalUsers(project.id, false));
    await time("totalAll", () => q.totalUsers(project.id, true));
    await time("signups", () => q.signUpsByDay(project.id, since, false));
    await time("active", () => q.activeByDay(project.id, since.toISOString().slice(0, 10), false));
    await time("activeAll", () => q.activeByDay(project.id, since.toISOString().slice(0, 10), true));
    await time("recent", () => q.recentlyActive(project.id, false, 5));
    await time("registered", () => lk.deps.queries.users.list(project.id, { limit: 5, desc: true, includeAnonymous: false }));
    await time("methods", () => q.loginMethodCounts(project.id, false));
  }
  for (let i = 0; i < 1; i++) {
    const start = performance.now();
    const m = await projectMetricsOf(lk.deps, project.id, renderProjectConfig(row), false);
    console.log(dialect, (performance.now() - start).toFixed(1), "ms", m.total_users, m.login_methods);
  }
}, 300_000);
