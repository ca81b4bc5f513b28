/**
 * The e-mail editor's AI chat threads: one row per saved message, in the order saved, and one row per
 * thread counting them. A thread's id is the editor's (a UUID), unique only within its project.
 */
import type { TableBuilders } from "../builders.js";
import { projectIdColumn } from "./columns.js";
import type { ProjectTables } from "./projects.js";

export function defineAiChatTables(b: TableBuilders, { projects }: ProjectTables) {
  const aiChatMessages = b.table(
    "ai_chat_messages",
    {
      id: b.text("id").primaryKey(),
      projectId: projectIdColumn(b, projects),
      threadId: b.text("thread_id").notNull(),
      /** Saving order (services/sequence.ts): the thread lists by it. */
      sequence: b.text("sequence").notNull(),
      /** The message as the editor sent it (any JSON; a JSON null is stored as SQL NULL). */
      message: b.json("message").$type<unknown>(),
      createdAt: b.time("created_at").notNull(),
    },
    (t) => [b.index("ai_chat_messages_thread_idx").on(t.projectId, t.threadId, t.sequence)],
  );
  /**
   * A thread's count of saved messages and their size. Every save claims a slot here first, in the statement (or
   * transaction) that inserts the message: the row's lock makes concurrent saves of one thread take
   * turns, so the count is exact and the thread's cap holds (services/ai-chat/threads.ts).
   */
  const aiChatThreads = b.table(
    "ai_chat_threads",
    {
      projectId: projectIdColumn(b, projects),
      threadId: b.text("thread_id").notNull(),
      messageCount: b.integer("message_count").notNull(),
      /** Characters of its messages' compact JSON, held under AI_CHAT_MAX_THREAD_JSON_CHARS the same way. */
      jsonChars: b.integer("json_chars").notNull().default(0),
    },
    (t) => [b.primaryKey({ columns: [t.projectId, t.threadId] })],
  );
  return { aiChatMessages, aiChatThreads };
}
