/**
 * The hot paths' database round trips on PostgreSQL, counted by the store (every statement a pooled
 * connection sends; `latchkey_db_round_trips_total`): a session read and a token check cost at most one,
 * a refresh at most two, a password sign-in or sign-up at most three. A feature that adds a query to these paths
 * fails here (issue 27).
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../support/databases.js";
import { createTestInstance, type TestInstance } from "../support/instance.js";
import { parsePrometheusText, valueOf } from "../support/prometheus-text.js";

const postgres = testDialects.filter((d) => d === "postgres");
const token = "round-trips-test-token-0123456789";

/** Round trips per call of `call`, over `times` sequential calls (after one unmeasured call). */
async function roundTripsPerCall(lk: TestInstance, times: number, call: (i: number) => Promise<void>): Promise<number> {
  await call(-1);
  // Work the first call left behind (reading a project's webhook endpoints into the cache after its
  // first insert batch) finishes before counting.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const before = lk.deps.store.poolStats!().roundTrips;
  for (let i = 0; i < times; i++) await call(i);
  return (lk.deps.store.poolStats!().roundTrips - before) / times;
}

describe.each(postgres)("database round trips of the hot paths on %s", (dialect) => {
  it("/users/me: at most 1; refresh: at most 2; sign-in and sign-up: at most 3; and the metric counts them", async () => {
    await using lk = await createTestInstance(dialect, { abuseLimits: false, metrics: { port: null, host: "127.0.0.1", token } });
    const project = await lk.createProject();
    const client = { access: "client" as const, project };
    const password = "a long enough password";
    const signUp = await lk.call("POST", "/auth/password/sign-up", { ...client, body: { email: "ada@example.com", password, verification_callback_url: "http://localhost:3000/handler/email-verification" } });
    expect(signUp.status).toBe(200);
    const { access_token: accessToken, refresh_token: refreshToken } = signUp.body as { access_token: string; refresh_token: string };

    const usersMe = await roundTripsPerCall(lk, 20, async () => {
      const res = await lk.call("GET", "/users/me", { ...client, headers: { "x-stack-access-token": accessToken } });
      expect(res.status).toBe(200);
    });
    expect(usersMe).toBeLessThanOrEqual(1);

    const refresh = await roundTripsPerCall(lk, 10, async () => {
      const res = await lk.call("POST", "/auth/sessions/current/refresh", { ...client, headers: { "x-stack-refresh-token": refreshToken } });
      expect(res.status).toBe(200);
    });
    expect(refresh).toBeLessThanOrEqual(2);

    // A minute on, the first sign-in stamps the user's last activity (a write at most once a minute, which
    // the unmeasured first call takes); the ones after it are the steady state.
    lk.clock.advance(2 * 60_000);
    const signIn = await roundTripsPerCall(lk, 3, async () => {
      const res = await lk.call("POST", "/auth/password/sign-in", { ...client, body: { email: "ada@example.com", password } });
      expect(res.status).toBe(200);
    });
    expect(signIn).toBeLessThanOrEqual(3);

    // A sign-up: the address check and one insert batch in the request; its verification mail's outbox
    // work, if the runner gets to it inside the window, counts too.
    const signUps = await roundTripsPerCall(lk, 3, async (i) => {
      const res = await lk.call("POST", "/auth/password/sign-up", { ...client, body: { email: `grace-${i + 1}@example.com`, password } });
      expect(res.status).toBe(200);
    });
    expect(signUps).toBeLessThanOrEqual(3);

    // The same counter, as Prometheus sees it, moves with the statements sent.
    const scrape = async () => {
      const res = await lk.app.request("/metrics", { headers: { authorization: `Bearer ${token}` } });
      const value = valueOf(parsePrometheusText(await res.text()), "latchkey_db_round_trips_total");
      expect(value).toBeTypeOf("number");
      return value!;
    };
    const first = await scrape();
    expect((await lk.call("GET", "/users", { access: "server", project })).status).toBe(200);
    expect(await scrape()).toBeGreaterThan(first);
  });
});
