/** The scenarios measured against a running Latchkey deployment; one or more table rows each. */
import type { DbProbes } from "./db-probes.js";
import type { HttpRequest } from "./load.js";
import { measure, measureTogether, type MeasuredLoad } from "./measure.js";
import { runTiming, type BenchOptions, type RunTiming, type ScenarioName } from "./options.js";
import * as requests from "./requests.js";
import type { Row } from "./results.js";

export interface Target {
  /** e.g. "latchkey sqlite" */
  system: string;
  url: string;
  /** Server processes whose CPU and memory are measured. */
  pids: number[];
  context: requests.SeedContext;
  /** PostgreSQL's CPU and the servers' round trips, measured with the servers' own CPU. */
  probes?: DbProbes;
}

/** GET /users/me load kept during the sign-in storm: a steady rate, so its latency is not just queueing. */
export const storm = { usersMeRate: 500, usersMeConnections: 10 };

/**
 * Template previews beside the mixed workload, at a rate the sandbox pool (2 contexts by default) serves
 * without a queue (autocannon sends each connection's share of a second at its start, so they come in
 * small bursts): the memory figure is the server's with its render contexts warm and in use.
 */
export const rendering = { previewRate: 20, previewConnections: 2 };

export async function runScenario(name: ScenarioName, target: Target, options: BenchOptions): Promise<Row[]> {
  const { context } = target;
  const load = (next: requests.RequestSource, overrides: Partial<MeasuredLoad> = {}): MeasuredLoad => ({
    url: target.url,
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    next,
    ...overrides,
  });
  const measured = async (scenario: string, next: requests.RequestSource, timing: RunTiming = runTiming(options)): Promise<Row[]> => [
    { system: target.system, scenario, status: "measured", measurement: await measure(target.pids, load(next), timing, target.probes) },
  ];

  switch (name) {
    case "users-me":
      return measured(name, requests.usersMe(context));
    case "refresh":
      return measured(name, requests.refresh(context));
    case "team-permission":
      return measured(name, requests.teamPermission(context));
    case "users-page": {
      // At full load the p99 is mostly queueing; one connection shows what a single page costs.
      const loaded = await measured(name, requests.usersPage(context));
      const single = await measure(target.pids, load(requests.usersPage(context), { connections: 1 }), runTiming(options), target.probes);
      return [...loaded, { system: target.system, scenario: "users-page (1 conn)", status: "measured", measurement: single }];
    }
    case "metrics":
      // One dashboard at a time: the figure is what one read of the overview costs.
      return [
        { system: target.system, scenario: name, status: "measured", measurement: await measure(target.pids, load(requests.projectMetrics(context), { connections: 1 }), runTiming(options), target.probes) },
      ];
    case "sign-in":
      return measured(name, requests.signIn(context), runTiming(options, "password"));
    case "sign-up":
      return measured(name, requests.signUp(context), runTiming(options, "password"));
    case "mixed":
      return measured(name, requests.mixed(context));
    case "mixed-rendering": {
      const previews = requests.emailPreview(context);
      await warmRenderPool(target.url, previews);
      const [mixedLoad, renders] = await measureTogether(
        target.pids,
        // Sign-up addresses of its own: the mixed scenario of the same round has used `mixed`'s.
        [load(requests.mixed({ ...context, runTag: `${context.runTag}-rendering` })), load(previews, { connections: rendering.previewConnections, overallRate: rendering.previewRate })],
        runTiming(options),
        target.probes,
      );
      return [
        { system: target.system, scenario: "mixed-rendering: mixed", status: "measured", measurement: mixedLoad! },
        { system: target.system, scenario: "mixed-rendering: previews", status: "measured", measurement: renders!, note: `${rendering.previewRate} req/s offered` },
      ];
    }
    case "item-quantity": {
      const source = requests.itemQuantity(context);
      if (!(await routeExists(target.url, source()))) {
        return [{ system: target.system, scenario: name, status: "not implemented", note: "GET /api/v1/payments/items/… has no route in this server" }];
      }
      return measured(name, source);
    }
    case "storm": {
      const [signIn, usersMe] = await measureTogether(
        target.pids,
        [
          load(requests.signIn(context)),
          load(requests.usersMe(context), { connections: storm.usersMeConnections, overallRate: storm.usersMeRate }),
        ],
        runTiming(options, "password"),
        target.probes,
      );
      return [
        { system: target.system, scenario: "storm: sign-in", status: "measured", measurement: signIn! },
        { system: target.system, scenario: "storm: users-me", status: "measured", measurement: usersMe!, note: `${storm.usersMeRate} req/s offered` },
      ];
    }
  }
}

/**
 * Renders previews until every context of the pool has served both themes (a cold context takes about a
 * second to start), so the measured window sees warm contexts only. `previews` alternates the themes and
 * a batch's requests go to the contexts in order, so every other batch starts one theme later.
 */
async function warmRenderPool(url: string, previews: requests.RequestSource): Promise<void> {
  const rounds = 4 * rendering.previewConnections;
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 1) previews();
    const batch = Array.from({ length: rendering.previewConnections }, async () => {
      const request = previews();
      const res = await fetch(`${url}${request.path}`, { method: request.method, headers: request.headers, body: request.body, signal: AbortSignal.timeout(30_000) });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`template preview answered ${res.status}: ${text.slice(0, 300)}`);
    });
    await Promise.all(batch);
  }
}

/** False when the server answers with its route-not-found text (the endpoint does not exist). */
async function routeExists(url: string, request: HttpRequest): Promise<boolean> {
  const res = await fetch(`${url}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
  const text = await res.text();
  return !(res.status === 404 && text.startsWith("404: there is no"));
}
