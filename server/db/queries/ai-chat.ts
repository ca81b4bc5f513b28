/**
 * The AI assistant's chat threads (services/ai-chat/threads.ts). A save claims the thread's next slot in
 * ai_chat_threads (an upsert that adds one only while the thread's message count and size stay within
 * their caps, and offers a new thread's row only while the project has room for another thread) and
 * inserts its message only if it got one.
 */
import { and, asc, eq, lt, lte, sql } from "drizzle-orm";
import type { Db, Store } from "../store.js";
import type { pgTables } from "../schema.pg.js";

export type ChatMessageInsert = (typeof pgTables)["aiChatMessages"]["$inferInsert"];

export interface ChatMessageRow {
  /** The message as saved; SQL NULL for a saved JSON null. */
  message: unknown;
}

/** The caps a save keeps: messages and JSON characters per thread, threads per project. */
export interface ChatCaps {
  maxMessages: number;
  maxJsonChars: number;
  maxThreads: number;
}

export function aiChatQueries(store: Store) {
  const { aiChatThreads: threads, aiChatMessages: messages } = store.t;

  /** The upsert that takes the thread's next slot for `chars` more characters: the thread's row when it got one, nothing when full. */
  function claimSlot(db: Db, projectId: string, threadId: string, chars: number, caps: ChatCaps) {
    const newRow = sql`select cast(${projectId} as text), cast(${threadId} as text), 1, cast(${chars} as integer)
    where (select count(*) from ${threads} where ${threads.projectId} = ${projectId}) < ${sql.raw(String(caps.maxThreads))}
       or exists (select 1 from ${threads} where ${threads.projectId} = ${projectId} and ${threads.threadId} = ${threadId})`;
    return db
      .insert(threads)
      .select(newRow)
      .onConflictDoUpdate({
        target: [threads.projectId, threads.threadId],
        set: { messageCount: sql`${threads.messageCount} + 1`, jsonChars: sql`${threads.jsonChars} + ${chars}` },
        setWhere: and(lt(threads.messageCount, caps.maxMessages), lte(sql`${threads.jsonChars} + ${chars}`, caps.maxJsonChars)),
      })
      .returning({ projectId: threads.projectId });
  }

  /**
   * PostgreSQL: one statement, one round trip. The slot is claimed in a data-modifying CTE and the
   * message is inserted from its result, so no slot means no message. ON CONFLICT DO UPDATE locks the
   * thread's row and checks the cap against its latest committed count, which a count of the messages
   * in the statement's snapshot would not see.
   */
  async function saveInOneStatement(row: ChatMessageInsert, chars: number, caps: ChatCaps): Promise<boolean> {
    const db = store.db;
    const slot = db.$with("slot").as(claimSlot(db, row.projectId, row.threadId, chars, caps));
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
  async function saveInTransaction(row: ChatMessageInsert, chars: number, caps: ChatCaps): Promise<boolean> {
    return store.transaction(async (tx) => {
      const claimed = await claimSlot(tx, row.projectId, row.threadId, chars, caps);
      if (claimed.length === 0) return false;
      await tx.insert(messages).values(row);
      return true;
    });
  }

  return {
    /** Saves the message if its thread has a slot for `chars` more characters; answers whether it did. */
    async saveMessage(row: ChatMessageInsert, chars: number, caps: ChatCaps): Promise<boolean> {
      return store.dialect === "postgres" ? saveInOneStatement(row, chars, caps) : saveInTransaction(row, chars, caps);
    },
    /** The thread's message count and size, or undefined for a thread never saved to. */
    async threadCounts(projectId: string, threadId: string): Promise<{ messageCount: number; jsonChars: number } | undefined> {
      const [row] = await store.db
        .select({ messageCount: threads.messageCount, jsonChars: threads.jsonChars })
        .from(threads)
        .where(and(eq(threads.projectId, projectId), eq(threads.threadId, threadId)));
      return row;
    },
    /** The thread's saved messages, oldest first. */
    async messages(projectId: string, threadId: string): Promise<ChatMessageRow[]> {
      return store.db
        .select({ message: messages.message })
        .from(messages)
        .where(and(eq(messages.projectId, projectId), eq(messages.threadId, threadId)))
        .orderBy(asc(messages.sequence));
    },
  };
}
