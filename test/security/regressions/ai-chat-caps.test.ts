/**
 * Issue 35, finding 8 (storage without caps): one AI-chat thread took 400 messages of 95 KB, and one GET
 * answered 38 MB; nothing bounded a project's number of threads. Now a thread holds at most
 * AI_CHAT_MAX_THREAD_JSON_CHARS characters of messages and a project at most AI_CHAT_MAX_THREADS_PER_PROJECT
 * threads, each refused with its own plain-status error and nothing stored.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AI_CHAT_MAX_THREAD_JSON_CHARS, AI_CHAT_MAX_THREADS_PER_PROJECT } from "../../../contract/ai-chat.js";
import { testDialects } from "../../support/databases.js";
import { createTestInstance } from "../../support/instance.js";
import { expectStatusError } from "../../support/known-errors.js";

describe.each(testDialects)("AI chat caps on %s", (dialect) => {
  it("refuses a message that would take a thread past its size, and stores nothing", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const thread = randomUUID();
    const big = { role: "user", content: "x".repeat(95_000) };
    const fitting = Math.floor(AI_CHAT_MAX_THREAD_JSON_CHARS / JSON.stringify(big).length);
    for (let i = 0; i < fitting; i++) {
      const saved = await lk.call("PATCH", `/internal/ai-chat/${thread}`, { access: "admin", project, body: { message: big } });
      expect(saved.status, saved.text).toBe(200);
    }
    const refused = await lk.call("PATCH", `/internal/ai-chat/${thread}`, { access: "admin", project, body: { message: big } });
    expectStatusError(refused, 400, "aiChatThreadTooLarge", { maxChars: AI_CHAT_MAX_THREAD_JSON_CHARS });
    const listed = await lk.call("GET", `/internal/ai-chat/${thread}`, { access: "admin", project });
    expect(listed.body.messages).toHaveLength(fitting);
    expect(listed.text.length).toBeLessThan(AI_CHAT_MAX_THREAD_JSON_CHARS + 10_000);
    // A small message still fits.
    expect((await lk.call("PATCH", `/internal/ai-chat/${thread}`, { access: "admin", project, body: { message: "ok" } })).status).toBe(200);
  }, 120_000);

  it("refuses a new thread past the project's number of threads, but saves to existing ones", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const other = await lk.createProject();
    const { store } = lk.deps;
    const threads = Array.from({ length: AI_CHAT_MAX_THREADS_PER_PROJECT }, () => ({ projectId: project.id, threadId: randomUUID(), messageCount: 0 }));
    for (let i = 0; i < threads.length; i += 100) await store.db.insert(store.t.aiChatThreads).values(threads.slice(i, i + 100));

    const refused = await lk.call("PATCH", `/internal/ai-chat/${randomUUID()}`, { access: "admin", project, body: { message: "one more thread" } });
    expectStatusError(refused, 400, "aiChatTooManyThreads", { maxThreads: AI_CHAT_MAX_THREADS_PER_PROJECT });
    expect((await lk.call("PATCH", `/internal/ai-chat/${threads[0]!.threadId}`, { access: "admin", project, body: { message: "fine" } })).status).toBe(200);
    // Another project's threads are its own.
    expect((await lk.call("PATCH", `/internal/ai-chat/${randomUUID()}`, { access: "admin", project: other, body: { message: "fine" } })).status).toBe(200);
  });
});
