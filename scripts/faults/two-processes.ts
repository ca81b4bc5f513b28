/**
 * Fault: two server processes on one PostgreSQL database (issue 8, item 6). Both get the same
 * LATCHKEY_SERVER_SECRET and internal keys; every race below sends its requests alternately to
 * process A and process B, all at once, and checks the invariant in the answers and in the database.
 *
 *   npx tsx scripts/faults/two-processes.ts
 *
 * (a) Unique e-mails: 50 concurrent sign-ups with one address → exactly one success and 49
 *     USER_EMAIL_ALREADY_EXISTS; one user and one channel (and, for password sign-ups, one
 *     verification mail) in the database. Password sign-ups and server-created users, two rounds
 *     each, one address per round.
 * (b) Single-use codes, with CLI login (POST /auth/cli → /auth/cli/complete → /auth/cli/poll). Chosen
 *     over a password-reset code or an invitation because its codes come back from the API (no mail
 *     to read), and it has two single-use steps: completing the login code (10 concurrent completes →
 *     exactly one 200, the others 400) and collecting the refresh token with the polling code (20
 *     concurrent polls → exactly one 201 carrying the token, 19 × 200 "used"). A refresh token is a
 *     credential, so handing it out twice is the worst failure a single-use code can have. Five logins.
 * (c) Shared rate-limit counters: POST /auth/otp/send-sign-in-code allows 3 sends per address per 10
 *     minutes. 10 concurrent sends per address, three addresses at once → exactly 3 × 200 and 7 × 429
 *     (with Retry-After) per address; 3 codes and 3 mails queued per address, the counter at 10. The
 *     project's mail server stays "shared" and the processes have none, so mails stay undelivered;
 *     sends still count.
 * (d) Lockout counters: concurrent wrong passwords through A and B are all counted (details below).
 * (e) Item quantities: concurrent decreases through A and B never overdraw (details below).
 */
import { randomBytes } from "node:crypto";
import { call, describe, expectStatus, knownErrorCode, newInternalKeys, type ApiResponse, type ProjectKeys } from "./support/api.js";
import { jsonValue, withDirectDb } from "./support/direct-db.js";
import { messageOf, runFaultScript, sleep, type Report } from "./support/harness.js";
import { createDatabase, withAdminClient } from "./support/postgres.js";
import { createProject, updateProjectConfig } from "./support/project.js";
import { newServerSecret, serverBundle, startServer, tempDataDir, type Deployment, type ServerProcess } from "./support/server.js";

const SIGN_UP_ROUNDS = 2;
const SIGN_UPS_PER_ROUND = 50;
const CLI_LOGINS = 5;
const OTP_ADDRESSES = 3;
const OTP_SENDS_PER_ADDRESS = 10;
const OTP_SEND_LIMIT = 3;
const QUANTITY_START = 25;
const QUANTITY_DECREASES = 40;
const CALLBACK = "http://localhost:3000/handler";
/** The 400 text of a CLI login code that is unknown, expired or already completed. */
const INVALID_LOGIN_CODE = "Invalid login code or the code has expired";
/** Projects are cached per process for 2 s (server/db/queries/index.ts); allow for that and some slack. */
const CONFIG_STALENESS_LIMIT_MS = 5_000;
/** How long a request of a race may take (50 argon2 hashes over two processes take a few seconds). */
const RACE_TIMEOUT_MS = 30_000;

interface Context {
  servers: [ServerProcess, ServerProcess];
  project: ProjectKeys;
  databaseUrl: string;
  report: Report;
  /** Unique per run, for addresses. */
  tag: string;
}

/** One invariant's outcome for the summary line. */
interface Outcome {
  name: string;
  /** What was exercised, e.g. `4×50`; for a TODO hook, why it checks nothing yet. */
  detail: string;
  todo?: boolean;
}

await runFaultScript({
  name: "two-processes postgres",
  timeoutMs: 180_000,
  async run(scope, report) {
    const dataDir = tempDataDir(scope);
    const database = await createDatabase(scope);
    const deployment: Deployment = {
      bundle: serverBundle(scope),
      databaseUrl: database.url,
      dataDir,
      serverSecret: newServerSecret(),
      internal: newInternalKeys(),
      // The address of the load balancer in front of both (never called: it only names the token issuer).
      publicUrl: "https://auth.faults.test",
    };
    const a = await startServer(scope, deployment, "process A");
    const b = await startServer(scope, deployment, "process B");
    const project = await createProject(a.url, deployment.internal, "Two processes");
    const ctx: Context = { servers: [a, b], project, databaseUrl: database.url, report, tag: randomBytes(4).toString("hex") };

    const staleMs = await enableOtpThroughA(ctx);
    console.log(`config change through A (auth.otp.allowSignIn): served by B after ${(staleMs / 1000).toFixed(1)} s`);

    const outcomes: Outcome[] = [];
    for (const invariant of [uniqueEmails, singleUseCliCodes, sharedSendLimit, lockoutCounters, quantities]) {
      const before = report.violations.length;
      const outcome = await invariant(ctx);
      const found = report.violations.length - before;
      console.log(`${outcome.name}: ${outcome.todo ? `TODO — ${outcome.detail}` : `${outcome.detail} — ${found === 0 ? "held" : `${found} violations`}`}`);
      outcomes.push(outcome);
    }
    for (const server of ctx.servers) {
      report.expect(server.alive(), `${server.label} died (${server.exit()})`);
      if (report.violations.length > 0 && server.output()) console.error(`${server.label} wrote (last part):\n${server.output().slice(-2_000)}`);
    }
    const checked = outcomes.filter((o) => !o.todo);
    const todo = outcomes.filter((o) => o.todo);
    return (
      `${checked.length} invariants checked (${checked.map((o) => `${o.name} ${o.detail}`).join(", ")}), ` +
      (todo.length > 0 ? `${todo.length} TODO (${todo.map((o) => o.name).join(", ")}), ` : "") +
      `${report.violations.length} violations`
    );
  },
});

/**
 * Enables code sign-in (legacy `magic_link_enabled` = auth.otp.allowSignIn) through A after B has read
 * the project, and waits until B serves the change: each process caches projects for a documented
 * 2 s, so B must see it within CONFIG_STALENESS_LIMIT_MS. Returns how long B served the old config.
 */
async function enableOtpThroughA(ctx: Context): Promise<number> {
  const [a, b] = ctx.servers;
  const readByB = async () => {
    const res = await call(b.url, "GET", "/internal/projects/current", { access: "admin", project: ctx.project });
    if (res.status !== 200) throw new Error(`process B: GET /internal/projects/current answered ${describe(res)}`);
    return (res.body as { config: { magic_link_enabled?: boolean } }).config.magic_link_enabled === true;
  };
  if (await readByB()) throw new Error("code sign-in is already enabled on a new project");
  const changedAt = Date.now();
  const config = await updateProjectConfig(a.url, ctx.project, { magic_link_enabled: true });
  if (config.magic_link_enabled !== true) throw new Error("PATCH /internal/projects/current did not enable auth.otp.allowSignIn");
  while (!(await readByB())) {
    if (Date.now() - changedAt > CONFIG_STALENESS_LIMIT_MS) {
      ctx.report.violation(`process B still served the old config ${CONFIG_STALENESS_LIMIT_MS / 1000} s after the change through A`);
      break;
    }
    await sleep(100);
  }
  return Date.now() - changedAt;
}

/**
 * Sends `count` requests alternately through A and B, all started before any is awaited. When some get
 * no answer at all, a process is stuck: print what its database sessions are doing and stop the run
 * (every later check would only wait for the same stuck process).
 */
async function race(ctx: Context, count: number, send: (baseUrl: string, i: number) => Promise<ApiResponse>): Promise<(ApiResponse | Error)[]> {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) => send(ctx.servers[i % 2]!.url, i).catch((error: unknown) => new Error(messageOf(error)))),
  );
  const unanswered = answers.filter((a) => a instanceof Error).length;
  if (unanswered > 0) {
    console.error(`${unanswered} of ${count} requests got no answer; database sessions of both processes now:`);
    console.error(await databaseSessions(ctx.databaseUrl).catch((error: unknown) => `(could not read pg_stat_activity: ${messageOf(error)})`));
    throw new Error(`${unanswered} of ${count} concurrent requests got no answer within ${RACE_TIMEOUT_MS / 1000} s: a server process is stuck`);
  }
  return answers;
}

/** pg_stat_activity of the run's database, grouped: how many sessions in which state, doing what. */
async function databaseSessions(databaseUrl: string): Promise<string> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const rows = await withAdminClient(async (c) =>
    (
      await c.query<{ n: number; state: string | null; wait: string | null; query: string }>(
        `SELECT count(*)::int AS n, state, wait_event_type || ':' || wait_event AS wait, left(regexp_replace(query, '\\s+', ' ', 'g'), 100) AS query
         FROM pg_stat_activity WHERE datname = $1 GROUP BY 2, 3, 4 ORDER BY 1 DESC`,
        [name],
      )
    ).rows,
  );
  return rows.map((r) => `  ${String(r.n).padStart(3)} ${r.state ?? "?"}${r.wait ? ` (${r.wait})` : ""}: ${r.query}`).join("\n") || "  (no sessions)";
}

function label(answer: ApiResponse | Error): string {
  return answer instanceof Error ? `no answer (${answer.message})` : describe(answer);
}

/**
 * (a) 50 concurrent sign-ups with one address: one user, 49 USER_EMAIL_ALREADY_EXISTS. Password
 * sign-ups go through argon2 first (one hash per core at a time), which spreads their transactions
 * out; server-created users (POST /users with an auth-enabled primary e-mail) skip hashing, so all 50
 * transactions overlap. Both kinds, SIGN_UP_ROUNDS rounds each, a new address per round.
 */
async function uniqueEmails(ctx: Context): Promise<Outcome> {
  const { report, project } = ctx;
  const kinds = [
    {
      name: "password sign-up",
      send: (url: string, email: string) =>
        call(url, "POST", "/auth/password/sign-up", {
          access: "client",
          project,
          body: { email, password: "correct horse battery staple", verification_callback_url: `${CALLBACK}/email-verification` },
          timeoutMs: RACE_TIMEOUT_MS,
        }),
      success: 200,
      mails: 1,
    },
    {
      name: "server-created user",
      send: (url: string, email: string) =>
        call(url, "POST", "/users", { access: "server", project, body: { primary_email: email, primary_email_auth_enabled: true } }),
      success: 201,
      mails: 0,
    },
  ];
  let races = 0;
  for (const kind of kinds) {
    for (let round = 1; round <= SIGN_UP_ROUNDS; round++) {
      races++;
      const what = `${kind.name} race ${round}`;
      const email = `race-${ctx.tag}-${races}@faults.test`;
      const answers = await race(ctx, SIGN_UPS_PER_ROUND, (url) => kind.send(url, email));
      const winners = answers.filter((a): a is ApiResponse => !(a instanceof Error) && a.status === kind.success);
      const refused = answers.filter((a) => !(a instanceof Error) && a.status === 409 && knownErrorCode(a) === "USER_EMAIL_ALREADY_EXISTS");
      report.expect(winners.length === 1, `${what}: ${winners.length} of ${SIGN_UPS_PER_ROUND} succeeded, expected exactly 1`);
      for (const answer of answers) if (!winners.includes(answer as ApiResponse) && !refused.includes(answer)) report.violation(`${what}: unexpected answer ${label(answer)}`);
      const winnerId = (winners[0]?.body as { user_id?: string; id?: string } | undefined)?.[kind.success === 200 ? "user_id" : "id"];

      await withDirectDb(ctx.databaseUrl, async (db) => {
        const channels = await db.query<{ user_id: string }>("SELECT user_id FROM contact_channels WHERE project_id = ? AND value = ?", [project.id, email]);
        report.expect(channels.length === 1, `${what}: ${channels.length} contact channels hold the address, expected 1`);
        if (winnerId && channels.length === 1) report.expect(channels[0]!.user_id === winnerId, `${what}: the address belongs to another user than the winner`);
        const users = await db.query<{ n: unknown }>("SELECT count(*) AS n FROM users WHERE project_id = ?", [project.id]);
        report.expect(Number(users[0]!.n) === races, `${what}: ${Number(users[0]!.n)} users in the project after ${races} races, expected ${races}`);
        const mails = (await db.query<{ summary: unknown }>("SELECT summary FROM outbox WHERE project_id = ? AND kind = 'email'", [project.id])).filter((row) =>
          ((jsonValue(row.summary) as { to?: string[] }).to ?? []).includes(email),
        );
        report.expect(mails.length === kind.mails, `${what}: ${mails.length} mails queued for the address, expected ${kind.mails}`);
      });
    }
  }
  return { name: "unique e-mails", detail: `${races}×${SIGN_UPS_PER_ROUND}` };
}

/** (b) A CLI login completed once and its refresh token collected once, under concurrent attempts. */
async function singleUseCliCodes(ctx: Context): Promise<Outcome> {
  const { report, project } = ctx;
  const [a] = ctx.servers;
  const user = expectStatus(await call(a.url, "POST", "/users", { access: "server", project, body: { display_name: "CLI user" } }), 201, "create the CLI user").body as { id: string };
  const session = expectStatus(await call(a.url, "POST", "/auth/sessions", { access: "server", project, body: { user_id: user.id } }), 200, "start the CLI user's session");
  const { access_token: accessToken, refresh_token: refreshToken } = session.body as { access_token: string; refresh_token: string };

  for (let n = 1; n <= CLI_LOGINS; n++) {
    const start = expectStatus(await call(ctx.servers[n % 2]!.url, "POST", "/auth/cli", { access: "client", project, body: {} }), 200, `start CLI login ${n}`);
    const { polling_code: pollingCode, login_code: loginCode } = start.body as { polling_code: string; login_code: string };

    const completes = await race(ctx, 10, (url) =>
      call(url, "POST", "/auth/cli/complete", {
        access: "client",
        project,
        headers: { "x-stack-access-token": accessToken },
        body: { login_code: loginCode, refresh_token: refreshToken },
      }),
    );
    const completed = completes.filter((c) => !(c instanceof Error) && c.status === 200 && c.body?.success === true);
    const refusedCompletes = completes.filter((c) => !(c instanceof Error) && c.status === 400 && c.text === INVALID_LOGIN_CODE);
    report.expect(completed.length === 1, `CLI login ${n}: ${completed.length} of 10 concurrent completes succeeded, expected exactly 1`);
    for (const c of completes) if (!completed.includes(c) && !refusedCompletes.includes(c)) report.violation(`CLI login ${n}: complete answered ${label(c)}`);

    const polls = await race(ctx, 20, (url) => call(url, "POST", "/auth/cli/poll", { access: "client", project, body: { polling_code: pollingCode } }));
    const delivered = polls.filter((p): p is ApiResponse => !(p instanceof Error) && p.status === 201);
    const used = polls.filter((p) => !(p instanceof Error) && p.status === 200 && p.body?.status === "used");
    report.expect(delivered.length === 1, `CLI login ${n}: ${delivered.length} of 20 concurrent polls got the refresh token, expected exactly 1`);
    for (const d of delivered) {
      report.expect(d.body?.status === "success" && d.body?.refresh_token === refreshToken, `CLI login ${n}: the 201 poll did not carry the session's refresh token`);
    }
    for (const p of polls) if (!delivered.includes(p as ApiResponse) && !used.includes(p)) report.violation(`CLI login ${n}: poll answered ${label(p)}`);
  }

  await withDirectDb(ctx.databaseUrl, async (db) => {
    const rows = await db.query<{ status: string; refresh_token: string | null }>("SELECT status, refresh_token FROM cli_logins WHERE project_id = ?", [project.id]);
    report.expect(rows.length === CLI_LOGINS, `${rows.length} CLI logins stored, expected ${CLI_LOGINS}`);
    for (const row of rows) report.expect(row.status === "used" && row.refresh_token === null, `a CLI login is left "${row.status}"${row.refresh_token ? " with its token" : ""}`);
  });
  return { name: "single-use CLI codes", detail: `${CLI_LOGINS}×(10+20)` };
}

/** (c) The per-address send limit holds across both processes. */
async function sharedSendLimit(ctx: Context): Promise<Outcome> {
  const { report, project } = ctx;
  const addresses = Array.from({ length: OTP_ADDRESSES }, (_, i) => `otp-${ctx.tag}-${i + 1}@faults.test`);
  const answers = await race(ctx, OTP_ADDRESSES * OTP_SENDS_PER_ADDRESS, (url, i) =>
    call(url, "POST", "/auth/otp/send-sign-in-code", {
      access: "client",
      project,
      body: { email: addresses[i % OTP_ADDRESSES], callback_url: `${CALLBACK}/magic-link-callback` },
    }),
  );

  await withDirectDb(ctx.databaseUrl, async (db) => {
    const codes = await db.query<{ data: unknown }>("SELECT data FROM verification_codes WHERE project_id = ? AND purpose = 'otp-sign-in'", [project.id]);
    const mails = await db.query<{ summary: unknown }>("SELECT summary FROM outbox WHERE project_id = ? AND kind = 'email'", [project.id]);
    const counters = await db.query<{ key: string; count: unknown }>("SELECT key, count FROM rate_limits WHERE key LIKE ?", [`otp-send:${project.id}:%`]);

    addresses.forEach((address, index) => {
      const mine = answers.filter((_, i) => i % OTP_ADDRESSES === index);
      const sent = mine.filter((a) => !(a instanceof Error) && a.status === 200 && typeof a.body?.nonce === "string");
      const limited = mine.filter((a) => !(a instanceof Error) && a.status === 429 && Number(a.headers.get("retry-after")) > 0);
      report.expect(sent.length === OTP_SEND_LIMIT, `${address}: ${sent.length} of ${OTP_SENDS_PER_ADDRESS} concurrent sends went through, expected exactly ${OTP_SEND_LIMIT}`);
      for (const a of mine) if (!sent.includes(a) && !limited.includes(a)) report.violation(`${address}: send answered ${label(a)}`);

      const storedCodes = codes.filter((c) => (jsonValue(c.data) as { email?: string }).email === address).length;
      const queuedMails = mails.filter((m) => ((jsonValue(m.summary) as { to?: string[] }).to ?? []).includes(address)).length;
      const counter = counters.find((c) => c.key === `otp-send:${project.id}:${address}`);
      report.expect(storedCodes === OTP_SEND_LIMIT, `${address}: ${storedCodes} sign-in codes stored, expected ${OTP_SEND_LIMIT}`);
      report.expect(queuedMails === OTP_SEND_LIMIT, `${address}: ${queuedMails} mails queued, expected ${OTP_SEND_LIMIT}`);
      report.expect(Number(counter?.count) === OTP_SENDS_PER_ADDRESS, `${address}: the shared counter says ${counter?.count ?? "nothing"}, expected ${OTP_SENDS_PER_ADDRESS}`);
    });
  });
  return { name: "shared OTP send limit", detail: `${OTP_ADDRESSES}×${OTP_SENDS_PER_ADDRESS}` };
}

/**
 * (d) Lockout counters are shared: 30 concurrent wrong-password sign-ins for one account, split across
 * A and B, each answer EMAIL_PASSWORD_MISMATCH or 429; at least 10 failures are counted (the lock starts
 * there) and the stored counter equals the number of failures the two processes answered (no increment
 * lost); afterwards the right password is refused with 429 by both processes.
 */
async function lockoutCounters(ctx: Context): Promise<Outcome> {
  const { report, project } = ctx;
  const email = `lock-${ctx.tag}@faults.test`;
  const password = "the right password 1";
  const created = await call(ctx.servers[0].url, "POST", "/users", { access: "server", project, body: { primary_email: email, primary_email_auth_enabled: true, password } });
  report.expect(created.status === 201, `creating the lockout user answered ${describe(created)}`);
  const attempts = 30;
  const answers = await race(ctx, attempts, (url, i) =>
    call(url, "POST", "/auth/password/sign-in", { access: "client", project, body: { email, password: `wrong guess ${i}` } }),
  );
  const answered = answers.filter((a): a is ApiResponse => !(a instanceof Error));
  const failures = answered.filter((a) => knownErrorCode(a) === "EMAIL_PASSWORD_MISMATCH").length;
  const locked = answered.filter((a) => a.status === 429 && Number(a.headers.get("retry-after")) > 0).length;
  report.expect(failures + locked === attempts, `lockout: ${attempts - failures - locked} sign-ins answered neither a mismatch nor 429`);
  report.expect(failures >= 10, `lockout: only ${failures} failures were counted before the lock`);
  await withDirectDb(ctx.databaseUrl, async (db) => {
    const [counter] = await db.query<{ count: unknown }>("SELECT count FROM rate_limits WHERE key = ?", [`lockout:${project.id}:${email}`]);
    report.expect(Number(counter?.count) === failures, `lockout: the shared counter says ${counter?.count ?? "nothing"}, the processes answered ${failures} failures`);
  });
  for (const server of ctx.servers) {
    const right = await call(server.url, "POST", "/auth/password/sign-in", { access: "client", project, body: { email, password } });
    report.expect(right.status === 429, `lockout: ${server.label} let the right password in while locked (${describe(right)})`);
  }
  return { name: "lockout counters", detail: `${attempts} guesses, ${failures} counted` };
}

/**
 * (e) Item quantities: a custom customer holds QUANTITY_START of an item (granted through A); then
 * QUANTITY_DECREASES concurrent try-decreases of 1 (`allow_negative=false`) split across A and B.
 * Exactly QUANTITY_START succeed, the rest answer ITEM_QUANTITY_INSUFFICIENT_AMOUNT; both processes
 * then read 0, and the database holds one change per acknowledged decrease, summing to 0.
 */
async function quantities(ctx: Context): Promise<Outcome> {
  const { report, project } = ctx;
  const [a, b] = ctx.servers;
  const itemId = "fault-credits";
  const customerId = `shop-${ctx.tag}`;
  const itemPath = `/payments/items/custom/${customerId}/${itemId}`;
  const override = JSON.stringify({ [`payments.items.${itemId}`]: { displayName: "Fault credits", customerType: "custom" } });
  expectStatus(await call(a.url, "PATCH", "/internal/config/override", { access: "admin", project, body: { config_override_string: override } }), 200, "configure the item");
  // B serves the item once its project cache (2 s) has expired.
  const deadline = Date.now() + CONFIG_STALENESS_LIMIT_MS;
  while ((await call(b.url, "GET", itemPath, { access: "server", project })).status !== 200) {
    if (Date.now() > deadline) throw new Error(`process B did not serve the new item within ${CONFIG_STALENESS_LIMIT_MS / 1000} s`);
    await sleep(200);
  }
  const grant = await call(a.url, "POST", `${itemPath}/update-quantity?allow_negative=false`, { access: "server", project, body: { delta: QUANTITY_START } });
  expectStatus(grant, 200, "grant the starting quantity");

  const answers = await race(ctx, QUANTITY_DECREASES, (url) =>
    call(url, "POST", `${itemPath}/update-quantity?allow_negative=false`, { access: "server", project, body: { delta: -1 }, timeoutMs: RACE_TIMEOUT_MS }),
  );
  const answered = answers.filter((answer): answer is ApiResponse => !(answer instanceof Error));
  const taken = answered.filter((answer) => answer.status === 200 && typeof answer.body?.id === "string");
  const refused = answered.filter((answer) => knownErrorCode(answer) === "ITEM_QUANTITY_INSUFFICIENT_AMOUNT");
  report.expect(taken.length === QUANTITY_START, `quantities: ${taken.length} of ${QUANTITY_DECREASES} concurrent decreases of 1 went through, expected exactly ${QUANTITY_START}`);
  for (const answer of answered) if (!taken.includes(answer) && !refused.includes(answer)) report.violation(`quantities: a decrease answered ${describe(answer)}`);
  for (const server of ctx.servers) {
    const read = await call(server.url, "GET", itemPath, { access: "server", project });
    report.expect(read.status === 200 && read.body?.quantity === 0, `quantities: ${server.label} reads ${describe(read)}, expected quantity 0`);
  }
  await withDirectDb(ctx.databaseUrl, async (db) => {
    const changes = await db.query<{ delta: unknown }>("SELECT delta FROM item_quantity_changes WHERE project_id = ? AND customer_id = ? AND item_id = ?", [project.id, customerId, itemId]);
    const sum = changes.reduce((total, change) => total + Number(change.delta), 0);
    const decreases = changes.filter((change) => Number(change.delta) < 0).length;
    report.expect(sum === 0, `quantities: the stored changes sum to ${sum}, expected 0`);
    report.expect(decreases === taken.length, `quantities: ${decreases} decreases stored, ${taken.length} acknowledged`);
  });
  return { name: "item quantities", detail: `${QUANTITY_START} of ${QUANTITY_DECREASES} decreases` };
}
