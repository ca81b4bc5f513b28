/**
 * Stored chat threads of the e-mail editor's AI assistant: messages saved one by one (PATCH) and read
 * back in saving order (GET). Threads belong to their project: the same thread id in another project
 * is another thread. A thread keeps at most AI_CHAT_MAX_THREAD_MESSAGES messages.
 */
import { randomUUID } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import { AI_CHAT_MAX_THREAD_MESSAGES } from "../../../contract/ai-chat.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { nextSequence } from "../sequence.js";

export interface ChatMessageRow {
  /** The message as saved; SQL NULL for a saved JSON null. */
  message: unknown;
}

/** Appends `message` to the project's thread; refuses once the thread is full. */
export async function saveChatMessage(deps: AppDeps, projectId: string, threadId: string, message: unknown): Promise<void> {
  const { aiChatMessages: messages } = deps.store.t;
  await deps.store.transaction(async (tx) => {
    const [held] = await tx
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.projectId, projectId), eq(messages.threadId, threadId)));
    if ((held?.n ?? 0) >= AI_CHAT_MAX_THREAD_MESSAGES) throw statusError("aiChatThreadFull", { maxMessages: AI_CHAT_MAX_THREAD_MESSAGES });
    const now = deps.clock.now();
    await tx.insert(messages).values({ id: randomUUID(), projectId, threadId, sequence: nextSequence(now), message: message ?? null, createdAt: now });
  });
}

/** The thread's saved messages, oldest first; none for a thread never saved to. */
export async function listChatMessages(deps: AppDeps, projectId: string, threadId: string): Promise<ChatMessageRow[]> {
  const { aiChatMessages: messages } = deps.store.t;
  const rows = await deps.store.db
    .select({ message: messages.message })
    .from(messages)
    .where(and(eq(messages.projectId, projectId), eq(messages.threadId, threadId)))
    .orderBy(asc(messages.sequence));
  return rows;
}
