/**
 * The sign-in lockout on the manual clock (server/services/lockout.ts): after 10 failures the wait
 * doubles from one minute per further failure, never beyond an hour; a day without failures forgets
 * the count.
 */
import { describe, expect, it } from "vitest";
import { createKeySet, generateKeys, type KeyValues } from "../../../../server/services/api-key-sets.js";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";

const email = "ada@example.com";
const password = "the right one 1";
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A project whose keys outlive the days these tests skip (createProject's keys expire after one). */
async function longLivedProject(lk: TestInstance): Promise<ProjectCredentials> {
  const { id } = await lk.createProject();
  const keys = generateKeys({ publishable: true, secret: true, admin: true }) as Required<KeyValues>;
  await createKeySet(lk.deps, id, { description: "long-lived test keys", expiresAt: new Date(lk.clock.now().getTime() + 30 * DAY_MS), keys });
  const created = await lk.call("POST", "/users", { access: "server", project: { id, keys }, body: { primary_email: email, primary_email_auth_enabled: true, password } });
  expect(created.status).toBe(201);
  return { id, keys };
}

const signIn = (lk: TestInstance, project: ProjectCredentials, pw: string) =>
  lk.call("POST", "/auth/password/sign-in", { access: "client", project, body: { email, password: pw } });

async function failOnce(lk: TestInstance, project: ProjectCredentials) {
  const res = await signIn(lk, project, "a wrong guess");
  expect([res.status, res.body.code]).toEqual([400, "EMAIL_PASSWORD_MISMATCH"]);
}

/** The Retry-After of a locked sign-in (with the right password, which the lock refuses all the same). */
async function lockedFor(lk: TestInstance, project: ProjectCredentials): Promise<number> {
  const res = await signIn(lk, project, password);
  expect(res.status, res.text).toBe(429);
  return Number(res.headers.get("retry-after"));
}

describe.each(testDialects)("sign-in lockout over time on %s", (dialect) => {
  it("doubles the wait from one minute with each failure past 10, and caps it at one hour", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await longLivedProject(lk);
    for (let i = 0; i < 10; i++) await failOnce(lk, project);

    // Failures 10..18: each wait is sat out exactly, then one more failure lengthens the next.
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const wait = await lockedFor(lk, project);
      waits.push(wait);
      lk.clock.advance(wait * 1000);
      await failOnce(lk, project);
    }
    expect(waits).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);

    // 19 failures: still one hour, to the millisecond.
    expect(await lockedFor(lk, project)).toBe(3600);
    lk.clock.advance(HOUR_MS - 1);
    expect(await lockedFor(lk, project)).toBe(1);
    lk.clock.advance(1);
    expect((await signIn(lk, project, password)).status).toBe(200);
  });

  it("forgets failures a day after the last one, and not a millisecond sooner", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await longLivedProject(lk);
    for (let i = 0; i < 10; i++) await failOnce(lk, project);
    lk.clock.advance(60_000);
    await failOnce(lk, project); // 11 failures: a two-minute lock

    // A day less a millisecond after the last failure: the lock is over but the count stands, so one more
    // failure (the 12th) locks for four minutes.
    lk.clock.advance(DAY_MS - 1);
    await failOnce(lk, project);
    expect(await lockedFor(lk, project)).toBe(240);

    // Exactly a day after that failure the count starts over: ten failures in a row are all answered (no
    // lock between them), and only then is the address locked, for the first minute again.
    lk.clock.advance(DAY_MS);
    for (let i = 0; i < 10; i++) await failOnce(lk, project);
    expect(await lockedFor(lk, project)).toBe(60);
  });
});
