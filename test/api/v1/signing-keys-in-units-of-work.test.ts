/**
 * Minting a token inside a transaction or an insert batch never reads the signing keys on another
 * connection. On PostgreSQL, with every pooled connection inside a transaction that waits for such a
 * read, nothing would move; the test stores run in checking mode (transaction-guard.ts), where that read
 * fails at once. Each case starts from a process that holds no keys of the project: a restarted
 * process, or one whose rotation has just dropped them, between the request's start and its transaction.
 */
import { decodeProtectedHeader } from "jose";
import { describe, expect, it } from "vitest";
import type { UserRecord } from "../../../server/db/queries/users.js";
import type { AppDeps } from "../../../server/deps.js";
import { completeSignIn } from "../../../server/services/sign-in.js";
import { startSessionForUser } from "../../../server/services/sessions.js";
import { rotateSigningKeys } from "../../../server/services/tokens/rotate-signing-keys.js";
import { writeNewUser } from "../../../server/services/users/new-user.js";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, testDeps, type TestInstance } from "../../support/instance.js";

/** Another process on the same database, holding no signing keys yet. */
const coldProcess = (lk: TestInstance) => testDeps(lk.deps.store, lk.clock);

/** A user made without a request (a request would load the project's signing keys first). */
async function newUser(deps: AppDeps, projectId: string): Promise<UserRecord> {
  const project = (await deps.queries.projects.find(projectId))!;
  return deps.store.insertBatch((batch) => writeNewUser(deps, batch, project, { primaryEmail: "ada@example.com" }));
}

const kidOf = (token: string) => decodeProtectedHeader(token).kid;

describe.each(testDialects)("signing keys inside units of work on %s", (dialect) => {
  it("signs a sign-in's token inside its transaction with a cold key cache, reading the keys through the transaction", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const cold = coldProcess(lk);
    const record = await newUser(cold, project.id);
    const userId = record.user.id;
    const signing = await lk.deps.signingKeys.current(project.id);
    const signedIn = await cold.store.transaction((tx) => completeSignIn(cold, tx, project.id, record));
    expect(kidOf(signedIn.access_token)).toBe(signing.kid);
    expect((await lk.deps.accessTokens.verify(signedIn.access_token, "access")).userId).toBe(userId);
    // Read for that transaction only: nothing half-committed is kept, and the next use outside one loads it.
    expect((await cold.signingKeys.current(project.id)).kid).toBe(signing.kid);
  });

  it("makes a project's first keys inside the transaction when it has none yet", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const cold = coldProcess(lk);
    const record = await newUser(cold, project.id);
    const userId = record.user.id;
    expect(await cold.queries.signingKeys.allForProject(project.id)).toEqual([]);
    const signedIn = await cold.store.transaction((tx) => completeSignIn(cold, tx, project.id, record));
    expect((await lk.deps.accessTokens.verify(signedIn.access_token, "access")).userId).toBe(userId);
    const published = await lk.call("GET", `/projects/${project.id}/.well-known/jwks.json`);
    expect(published.body.keys.map((key: { kid: string }) => key.kid)).toContain(kidOf(signedIn.access_token));
  });

  it("signs a server-started session's token inside its insert batch with a cold key cache", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const cold = coldProcess(lk);
    const userId = (await newUser(cold, project.id)).user.id;
    await lk.deps.signingKeys.current(project.id);
    const started = await startSessionForUser(cold, project.id, userId, {});
    expect((await lk.deps.accessTokens.verify(started.access_token, "access")).userId).toBe(userId);
  });

  it("keeps signing inside a transaction with the keys a rotation of this process just dropped, then switches", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const cold = coldProcess(lk);
    const record = await newUser(cold, project.id);
    const userId = record.user.id;
    const before = await cold.signingKeys.current(project.id);
    // The request loaded its keys; a rotation in this process then drops them before its transaction.
    const [regular] = await rotateSigningKeys(cold, project.id, null);
    const signedIn = await cold.store.transaction((tx) => completeSignIn(cold, tx, project.id, record));
    // The retired key is still published, so its token verifies.
    expect(kidOf(signedIn.access_token)).toBe(before.kid);
    expect((await lk.deps.accessTokens.verify(signedIn.access_token, "access")).userId).toBe(userId);
    // The next use outside a unit of work reads the rotated keys.
    expect((await cold.signingKeys.current(project.id)).kid).toBe(regular!.signingKid);
  });
});
