/**
 * Stored chat threads of the e-mail editor's AI assistant: messages saved one by one (PATCH) and read
 * back in saving order (GET). Threads belong to their project: the same thread id in another project
 * is another thread. A thread keeps at most AI_CHAT_MAX_THREAD_MESSAGES messages.
 *
 * The cap is held by the thread's row in ai_chat_threads, not by counting messages: a save claims the
 * next slot there (an upsert that adds one only while the count and the size of the thread's messages stay
 * within their caps) and inserts its message only if it got one. A project keeps at most
 * AI_CHAT_MAX_THREADS_PER_PROJECT threads (checked when a save starts a thread). Counting the messages and then inserting would let concurrent saves each
 * see room for one more; the upsert locks the thread's row, so saves of one thread take turns.
 */
import { randomUUID } from "node:crypto";
import { AI_CHAT_MAX_THREAD_JSON_CHARS, AI_CHAT_MAX_THREAD_MESSAGES, AI_CHAT_MAX_THREADS_PER_PROJECT } from "../../../contract/ai-chat.js";
import type { ChatMessageRow } from "../../db/queries/ai-chat.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { nextSequence } from "../sequence.js";

const CAPS = { maxMessages: AI_CHAT_MAX_THREAD_MESSAGES, maxJsonChars: AI_CHAT_MAX_THREAD_JSON_CHARS, maxThreads: AI_CHAT_MAX_THREADS_PER_PROJECT };

/** Appends `message` to the project's thread; refuses once the thread is full (messages or size) or the project has too many threads. */
export async function saveChatMessage(deps: AppDeps, projectId: string, threadId: string, message: unknown): Promise<void> {
  const now = deps.clock.now();
  const row = { id: randomUUID(), projectId, threadId, sequence: nextSequence(now), message: message ?? null, createdAt: now };
  const chars = JSON.stringify(row.message).length;
  if (await deps.queries.aiChat.saveMessage(row, chars, CAPS)) return;
  // Refused: read why (only on this path, so a save stays one statement).
  const thread = await deps.queries.aiChat.threadCounts(projectId, threadId);
  if (!thread) throw statusError("aiChatTooManyThreads", { maxThreads: AI_CHAT_MAX_THREADS_PER_PROJECT });
  if (thread.messageCount >= AI_CHAT_MAX_THREAD_MESSAGES) throw statusError("aiChatThreadFull", { maxMessages: AI_CHAT_MAX_THREAD_MESSAGES });
  throw statusError("aiChatThreadTooLarge", { maxChars: AI_CHAT_MAX_THREAD_JSON_CHARS });
}

/** The thread's saved messages, oldest first; none for a thread never saved to. */
export async function listChatMessages(deps: AppDeps, projectId: string, threadId: string): Promise<ChatMessageRow[]> {
  return deps.queries.aiChat.messages(projectId, threadId);
}
