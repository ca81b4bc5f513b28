/**
 * An import records its users' events as a server creating them would (issue 34: one home for creating a
 * user): in the batch's transaction, per user `user.created`, its e-mail, its provider accounts, then the
 * team it creates, the membership and its grants. Rejected lines and dry runs record nothing.
 */
import { describe, expect, it } from "vitest";
import { createTestStore, testDialects } from "../../../test/support/databases.js";
import type { Dialect } from "../../db/store.js";
import { testDeps } from "../../../test/support/instance.js";
import { manualClock } from "../clock.js";
import { registerEventSink, type RecordedEvent } from "../events.js";
import { createProject } from "../projects.js";
import type { ImportUser } from "./format.js";
import { importUsers } from "./import.js";
import type { FileRecord } from "./read.js";

const TEAM_ID = "5d0a4c1e-4b55-4b8e-9a57-0c4f9d1e2a10";

function line(line: number, id: string, email: string, extra: Partial<ImportUser> = {}): FileRecord {
  const user: ImportUser = {
    line,
    id,
    primaryEmail: email,
    primaryEmailVerified: true,
    primaryEmailAuthEnabled: true,
    displayName: null,
    profileImageUrl: null,
    password: null,
    passwordHash: null,
    oauthProviders: [],
    clientMetadata: null,
    clientReadOnlyMetadata: null,
    serverMetadata: null,
    teams: [],
    projectPermissions: [],
    createdAt: null,
    ...extra,
  };
  return { line, user };
}

async function* records(...lines: FileRecord[]): AsyncIterable<FileRecord> {
  yield* lines;
}

/** A fresh project, with a sink that keeps every event recorded. */
async function importTarget(dialect: Dialect) {
  const store = await createTestStore(dialect);
  const deps = testDeps(store, manualClock(Date.UTC(2026, 0, 1)));
  const project = await createProject(deps, { displayName: "Import" });
  const seen: RecordedEvent[] = [];
  registerEventSink(deps, { write: async (_unit, event) => void seen.push(event) });
  return { deps, project, seen, [Symbol.asyncDispose]: () => store[Symbol.asyncDispose]() };
}

describe.each(testDialects)("users import on %s", (dialect) => {
  it("records each imported user's events in the order a server's creation records them", async () => {
    await using target = await importTarget(dialect);
    const { deps, project, seen } = target;
    const ada = "0b6f2e47-8a3c-4c1e-9f0e-5a9b1d2c3e01";
    const grace = "0b6f2e47-8a3c-4c1e-9f0e-5a9b1d2c3e02";
    const team = { id: TEAM_ID, displayName: "Engines", permissions: ["$read_members"] };

    const counts = await importUsers(
      deps,
      project,
      records(
        line(1, ada, "ada@example.com", { oauthProviders: [{ id: "github", accountId: "1815", email: "ada@example.com" }], teams: [team] }),
        line(2, grace, "grace@example.com", { teams: [{ ...team, displayName: null, permissions: [] }] }),
        line(3, "0b6f2e47-8a3c-4c1e-9f0e-5a9b1d2c3e03", "ada@example.com"),
      ),
    );

    expect(counts).toMatchObject({ imported: 2, rejected: 1, teamsCreated: 1 });
    expect(seen.map((event) => [event.name, event.projectId, event.actor])).toEqual(
      ["user.created", "contact_channel.created", "oauth_provider.created", "team.created", "team_membership.created", "team_permission.created", "user.created", "contact_channel.created", "team_membership.created"].map((name) => [name, project.id, null]),
    );
    const [adaCreated] = seen;
    expect(adaCreated!.payload).toMatchObject({ id: ada, primary_email: "ada@example.com", oauth_providers: [{ id: "github", account_id: "1815" }] });
    expect(seen.find((event) => event.name === "team_permission.created")!.payload).toEqual({ id: "$read_members", team_id: TEAM_ID, user_id: ada });
  });

  it("records nothing in a dry run", async () => {
    await using target = await importTarget(dialect);
    const { deps, project, seen } = target;

    const counts = await importUsers(deps, project, records(line(1, "0b6f2e47-8a3c-4c1e-9f0e-5a9b1d2c3e04", "lin@example.com")), { dryRun: true });

    expect(counts.imported).toBe(1);
    expect(seen).toEqual([]);
  });
});
