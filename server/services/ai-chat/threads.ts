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
import { and, asc, eq, lt, lte, sql } from "drizzle-orm";
import { AI_CHAT_MAX_THREAD_JSON_CHARS, AI_CHAT_MAX_THREAD_MESSAGES, AI_CHAT_MAX_THREADS_PER_PROJECT } from "../../../contract/ai-chat.js";
import type { Db } from "../../db/store.js";
import type { Tables } from "../../db/tables.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { nextSequence } from "../sequence.js";

export interface ChatMessageRow {
  /** The message as saved; SQL NULL for a saved JSON null. */
  message: unknown;
}

/** Appends `message` to the project's thread; refuses once the thread is full (messages or size) or the project has too many threads. */
export async function saveChatMessage(deps: AppDeps, projectId: string, threadId: string, message: unknown): Promise<void> {
  const now = deps.clock.now();
  const row = { id: randomUUID(), projectId, threadId, sequence: nextSequence(now), message: message ?? null, createdAt: now };
  const chars = JSON.stringify(row.message).length;
  const saved = deps.store.dialect === "postgres" ? await saveInOneStatement(deps, row, chars) : await saveInTransaction(deps, row, chars);
  if (saved) return;
  // Refused: read why (only on this path, so a save stays one statement).
  const thread = await threadCounts(deps, projectId, threadId);
  if (!thread) throw statusError("aiChatTooManyThreads", { maxThreads: AI_CHAT_MAX_THREADS_PER_PROJECT });
  if (thread.messageCount >= AI_CHAT_MAX_THREAD_MESSAGES) throw statusError("aiChatThreadFull", { maxMessages: AI_CHAT_MAX_THREAD_MESSAGES });
  throw statusError("aiChatThreadTooLarge", { maxChars: AI_CHAT_MAX_THREAD_JSON_CHARS });
}

async function threadCounts(deps: AppDeps, projectId: string, threadId: string) {
  const { aiChatThreads: threads } = deps.store.t;
  const [row] = await deps.store.db
    .select({ messageCount: threads.messageCount, jsonChars: threads.jsonChars })
    .from(threads)
    .where(and(eq(threads.projectId, projectId), eq(threads.threadId, threadId)));
  return row;
}



type MessageRow = Tables["aiChatMessages"]["$inferInsert"];

/**
 * The upsert that takes the thread's next slot for `chars` more characters: the thread's row when it got
 * one, nothing when full. A new thread's row is offered only while the project has room for another thread
 * (two first saves of new threads racing at the cap may both get in).
 */
function claimSlot(deps: AppDeps, db: Db, projectId: string, threadId: string, chars: number) {
  const { aiChatThreads: threads } = deps.store.t;
  const newRow = sql`select cast(${projectId} as text), cast(${threadId} as text), 1, cast(${chars} as integer)
    where (select count(*) from ${threads} where ${threads.projectId} = ${projectId}) < ${sql.raw(String(AI_CHAT_MAX_THREADS_PER_PROJECT))}
       or exists (select 1 from ${threads} where ${threads.projectId} = ${projectId} and ${threads.threadId} = ${threadId})`;
  return db
    .insert(threads)
    .select(newRow)
    .onConflictDoUpdate({
      target: [threads.projectId, threads.threadId],
      set: { messageCount: sql`${threads.messageCount} + 1`, jsonChars: sql`${threads.jsonChars} + ${chars}` },
      setWhere: and(lt(threads.messageCount, AI_CHAT_MAX_THREAD_MESSAGES), lte(sql`${threads.jsonChars} + ${chars}`, AI_CHAT_MAX_THREAD_JSON_CHARS)),
    })
    .returning({ projectId: threads.projectId });
}

/**
 * PostgreSQL: one statement, one round trip. The slot is claimed in a data-modifying CTE and the
 * message is inserted from its result, so no slot means no message. ON CONFLICT DO UPDATE locks the
 * thread's row and checks the cap against its latest committed count, which a count of the messages
 * in the statement's snapshot would not see.
 */
async function saveInOneStatement(deps: AppDeps, row: MessageRow, chars: number): Promise<boolean> {
  const { aiChatMessages: messages } = deps.store.t;
  const db = deps.store.db;
  const slot = db.$with("slot").as(claimSlot(deps, db, row.projectId, row.threadId, chars));
  // A SELECT list's parameters have no type of their own: each is cast to its column's type.
  const saved = await db
    .with(slot)
    .insert(messages)
    .select((qb) =>
      qb
        .select({
          id: sql<string>`${row.id}::text`.as("id"),
          projectId: slot.projectId,
          threadId: sql<string>`${row.threadId}::text`.as("thread_id"),
          sequence: sql<string>`${row.sequence}::text`.as("sequence"),
          message: sql<unknown>`${sql.param(row.message, messages.message)}::jsonb`.as("message"),
          createdAt: sql<Date>`${sql.param(row.createdAt, messages.createdAt)}::timestamptz`.as("created_at"),
        })
        .from(slot),
    )
    .returning({ id: messages.id });
  return saved.length > 0;
}

/** SQLite: the claim and the insert in one transaction, which holds the database's one writer throughout. */
async function saveInTransaction(deps: AppDeps, row: MessageRow, chars: number): Promise<boolean> {
  const { aiChatMessages: messages } = deps.store.t;
  return deps.store.transaction(async (tx) => {
    const claimed = await claimSlot(deps, tx, row.projectId, row.threadId, chars);
    if (claimed.length === 0) return false;
    await tx.insert(messages).values(row);
    return true;
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
