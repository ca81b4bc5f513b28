/**
 * Issue 35, finding 16 (a mutation audit found it unguarded): one recovery code sent by several sign-ins
 * at once, each with its own attempt, lets exactly one in. The code is marked used by a conditional update
 * inside the sign-in's transaction (`useRecoveryCode`), so sign-ins that all found it unused cannot all
 * pass. The sign-ins are split between two servers on one database, as two processes would share it.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { StatusError } from "../../../server/errors.js";
import { testDialects } from "../../support/databases.js";
import { callApp, startTwoServers } from "./support/two-servers.js";

const password = "first factor 1";
/** Below the account lockout's 10 failures: every losing sign-in counts as one. */
const SIGN_INS = 6;

describe.each(testDialects)("a recovery code used by concurrent sign-ins on %s", (dialect) => {
  it("lets exactly one of them in", async () => {
    await using two = await startTwoServers(dialect);
    const project = await two.createProject();
    const [first, second] = two.apps;
    const created = await callApp(first, project, "POST", "/users", { primary_email: "ada@example.com", primary_email_auth_enabled: true, password, totp_secret_base64: randomBytes(20).toString("base64") }, "server");
    expect(created.status).toBe(201);
    const session = await callApp(first, project, "POST", "/auth/sessions", { user_id: created.body.id }, "server");
    const codes = await callApp(first, project, "POST", "/auth/mfa/recovery-codes", undefined, "client", { "x-stack-access-token": session.body.access_token });
    expect(codes.status).toBe(201);
    const recoveryCode = (codes.body.recovery_codes as string[])[0]!;

    const attempts: string[] = [];
    for (let i = 0; i < SIGN_INS; i++) {
      const res = await callApp(first, project, "POST", "/auth/password/sign-in", { email: "ada@example.com", password });
      expect(res.body.code).toBe("MULTI_FACTOR_AUTHENTICATION_REQUIRED");
      attempts.push(res.body.details.attempt_code as string);
    }

    const responses = await Promise.all(
      attempts.map((code, i) => callApp(i % 2 === 0 ? first : second, project, "POST", "/auth/mfa/sign-in", { type: "recovery_code", recovery_code: recoveryCode, code })),
    );
    const outcomes = responses.map((res) => (res.status === 200 ? "in" : String(res.body.code ?? res.status)));
    expect(outcomes.filter((o) => o === "in"), outcomes.join(" ")).toHaveLength(1);
    // Each loser is told the code was used (issue 37: a used recovery code says so, instead of "wrong code").
    expect(outcomes.filter((o) => o !== "in"), outcomes.join(" ")).toEqual(Array(SIGN_INS - 1).fill("409"));
    const usedMessage = new StatusError("recoveryCodeAlreadyUsed").message;
    for (const res of responses.filter((r) => r.status !== 200)) expect(res.text).toBe(usedMessage);
    const winner = responses.find((res) => res.status === 200)!;
    expect(winner.body).toMatchObject({ user_id: created.body.id });
  });
});
