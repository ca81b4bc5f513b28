/**
 * Stored AI chat threads (misc.md §3): PATCH appends a message, GET lists them oldest first; threads
 * belong to their project; admin access only; bodies checked before anything is stored.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AI_CHAT_MAX_MESSAGE_JSON_CHARS, AI_CHAT_MAX_THREAD_MESSAGES } from "../../../../contract/ai-chat.js";
import { saveChatMessage } from "../../../../server/services/ai-chat/threads.js";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";
import { expectStatusError } from "../../../support/known-errors.js";

const path = (threadId: string) => `/internal/ai-chat/${threadId}`;
const save = (lk: TestInstance, project: ProjectCredentials, threadId: string, body: unknown, access: "client" | "server" | "admin" = "admin") =>
  lk.call("PATCH", path(threadId), { access, project, body });
const list = (lk: TestInstance, project: ProjectCredentials, threadId: string, access: "client" | "server" | "admin" = "admin") =>
  lk.call("GET", path(threadId), { access, project });
const storedRows = async (lk: TestInstance) => lk.deps.store.db.select().from(lk.deps.store.t.aiChatMessages);

/** Fills `count` slots of the thread directly, in its saving order, as `count` saves would have. */
async function fillThread(lk: TestInstance, projectId: string, threadId: string, count: number) {
  const { store } = lk.deps;
  const now = lk.clock.now();
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(), projectId, threadId, sequence: `0-${String(i).padStart(6, "0")}`, message: { n: i }, createdAt: now,
  }));
  for (let i = 0; i < rows.length; i += 200) await store.db.insert(store.t.aiChatMessages).values(rows.slice(i, i + 200));
  await store.db.insert(store.t.aiChatThreads).values({ projectId, threadId, messageCount: count });
}

describe.each(testDialects)("AI chat threads on %s", (dialect) => {
  it("appends saved messages and lists them in saving order, as given", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const thread = randomUUID();
    expect((await list(lk, project, thread)).body).toEqual({ messages: [] });

    const messages = [
      { role: "user", content: [{ type: "text", text: "Make the header blue" }] },
      { role: "assistant", content: [{ type: "tool-call", toolName: "createEmailTheme", toolCallId: "call_1", args: { content: "<Html/>" }, argsText: "{}", result: "success" }] },
      "a bare string",
      null,
      { role: "user", content: "Thanks", nested: { deep: [1, 2, { three: true }] } },
    ];
    for (const message of messages) {
      const res = await save(lk, project, thread, { message });
      expect([res.status, res.body]).toEqual([200, {}]);
    }
    const res = await list(lk, project, thread);
    expect([res.status, res.body]).toEqual([200, { messages }]);
    // Another thread of the same project is another list.
    expect((await list(lk, project, randomUUID())).body).toEqual({ messages: [] });
  });

  it("keeps threads per project: another project's thread of the same id is invisible and untouched", async () => {
    await using lk = await createTestInstance(dialect);
    const owner = await lk.createProject();
    const other = await lk.createProject();
    const thread = randomUUID();
    await save(lk, owner, thread, { message: { role: "user", content: "owner's secret plan" } });

    expect((await list(lk, other, thread)).body).toEqual({ messages: [] });
    await save(lk, other, thread, { message: { role: "user", content: "other's note" } });
    expect((await list(lk, owner, thread)).body).toEqual({ messages: [{ role: "user", content: "owner's secret plan" }] });
    expect((await list(lk, other, thread)).body).toEqual({ messages: [{ role: "user", content: "other's note" }] });

    // Deleting a project deletes its threads, and only its own.
    expect((await lk.call("DELETE", "/internal/projects/current", { access: "admin", project: owner })).status).toBe(200);
    expect((await storedRows(lk)).map((row) => row.projectId)).toEqual([other.id]);
  });

  it("refuses server and client access to every chat route, storing nothing", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const thread = randomUUID();
    for (const access of ["client", "server"] as const) {
      const attempts = [
        await save(lk, project, thread, { message: "hi" }, access),
        await list(lk, project, thread, access),
        await lk.call("POST", path(thread), { access, project, body: { context_type: "email-theme", messages: [{ role: "user", content: "hi" }] } }),
      ];
      for (const res of attempts) expect([res.status, res.body.code]).toEqual([401, "INSUFFICIENT_ACCESS_TYPE"]);
    }
    expect(await storedRows(lk)).toEqual([]);
  });

  it("refuses bad bodies and thread ids with SCHEMA_ERROR, storing nothing", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const thread = randomUUID();
    const oversized = { role: "user", content: "x".repeat(AI_CHAT_MAX_MESSAGE_JSON_CHARS) };
    const bad = [
      await save(lk, project, thread, {}),
      await save(lk, project, thread, { message: "hi", extra: true }),
      await save(lk, project, thread, { message: oversized }),
      await save(lk, project, "not-a-uuid", { message: "hi" }),
      await list(lk, project, "not-a-uuid"),
    ];
    for (const res of bad) expect([res.status, res.body.code], res.text).toEqual([400, "SCHEMA_ERROR"]);
    expect(bad[2]!.body.error).toContain(`at most ${AI_CHAT_MAX_MESSAGE_JSON_CHARS} characters as JSON`);
    expect(bad[3]!.body.error).toContain("must be a valid UUID");
    expect(await storedRows(lk)).toEqual([]);
  });

  it("refuses a message beyond the most one thread keeps", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const thread = randomUUID();
    await fillThread(lk, project.id, thread, AI_CHAT_MAX_THREAD_MESSAGES - 1);

    expect((await save(lk, project, thread, { message: "last one" })).status).toBe(200);
    const full = await save(lk, project, thread, { message: "one too many" });
    expectStatusError(full, 400, "aiChatThreadFull", { maxMessages: AI_CHAT_MAX_THREAD_MESSAGES });
    const listed = (await list(lk, project, thread)).body.messages as unknown[];
    expect([listed.length, listed[0], listed.at(-1)]).toEqual([AI_CHAT_MAX_THREAD_MESSAGES, { n: 0 }, "last one"]);
    // Other threads are not limited by it.
    expect((await save(lk, project, randomUUID(), { message: "fresh" })).status).toBe(200);
  });

  it("holds the cap when saves to one thread race: each takes a slot or is refused, none goes beyond", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const thread = randomUUID();
    await fillThread(lk, project.id, thread, AI_CHAT_MAX_THREAD_MESSAGES - 3);
    const racing = await Promise.all(Array.from({ length: 12 }, (_, i) => save(lk, project, thread, { message: { racer: i } })));
    const statuses = racing.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 200, 200, ...Array<number>(9).fill(400)]);
    expect(((await list(lk, project, thread)).body.messages as unknown[]).length).toBe(AI_CHAT_MAX_THREAD_MESSAGES);
    const [counted] = await lk.deps.store.db.select({ n: lk.deps.store.t.aiChatThreads.messageCount }).from(lk.deps.store.t.aiChatThreads);
    expect(counted).toEqual({ n: AI_CHAT_MAX_THREAD_MESSAGES });
  });

  it.runIf(dialect === "postgres")("saves a message in one round trip on PostgreSQL, the thread's first and later ones", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const thread = randomUUID();
    const roundTrips = () => lk.deps.store.poolStats!().roundTrips;
    for (const message of ["first", "second"]) {
      const before = roundTrips();
      await saveChatMessage(lk.deps, project.id, thread, message);
      expect(roundTrips() - before, message).toBe(1);
    }
    expect((await list(lk, project, thread)).body).toEqual({ messages: ["first", "second"] });
  });

  it("counts a thread's first save and keeps threads of other projects apart", async () => {
    await using lk = await createTestInstance(dialect);
    const [first, second] = [await lk.createProject(), await lk.createProject()];
    const thread = randomUUID();
    await fillThread(lk, first.id, thread, AI_CHAT_MAX_THREAD_MESSAGES);
    expect((await save(lk, first, thread, { message: "one too many" })).status).toBe(400);
    // The same thread id in another project is another, empty thread.
    expect((await save(lk, second, thread, { message: "hello" })).status).toBe(200);
    expect((await list(lk, second, thread)).body).toEqual({ messages: ["hello"] });
  });
});
