import { describe, expect, it } from "vitest";
import { fakeServer, json } from "../test-support/fake-server.js";

const thread = "5b0f3c1e-8f5d-4a51-9b8e-0c6f1d2e3a4b";

describe("admin AI chat", () => {
  it("sends, saves and lists a thread's messages with admin access", async () => {
    const reply = [
      { type: "text", text: "Done." },
      { type: "tool-call", toolName: "createEmailTheme", toolCallId: "call_1", args: { content: "<Html />" }, argsText: '{"content":"<Html />"}', result: "success" },
    ];
    const saved = [{ role: "user", content: "Make it blue" }];
    const server = fakeServer({
      [`POST /internal/ai-chat/${thread}`]: () => json({ content: reply }),
      [`PATCH /internal/ai-chat/${thread}`]: () => json({}),
      [`GET /internal/ai-chat/${thread}`]: () => json({ messages: saved }),
    });
    const admin = server.admin();

    expect(await admin.sendChatMessage(thread, "email-theme", [{ role: "user", content: "Make it blue" }])).toEqual({ content: reply });
    expect(server.log.at(-1)!.body).toEqual({ context_type: "email-theme", messages: [{ role: "user", content: "Make it blue" }] });
    await admin.saveChatMessage(thread, saved[0]);
    expect(server.log.at(-1)!.body).toEqual({ message: saved[0] });
    expect(await admin.listChatMessages(thread)).toEqual({ messages: saved });
    expect(server.log.map((r) => [r.key.split(" ")[0], r.headers["x-stack-access-type"]])).toEqual([
      ["POST", "admin"],
      ["PATCH", "admin"],
      ["GET", "admin"],
    ]);
  });
});
