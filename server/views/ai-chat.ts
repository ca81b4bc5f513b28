/** A stored AI chat thread as the API shows it: its messages as they were saved, oldest first. */
import type { listAiChatMessages } from "../../contract/ai-chat.js";
import type { ProcedureOutput } from "../../contract/procedure.js";
import type { ChatMessageRow } from "../db/queries/ai-chat.js";

export type AiChatThreadJson = ProcedureOutput<typeof listAiChatMessages>;

export function threadToJson(rows: readonly ChatMessageRow[]): AiChatThreadJson {
  // A saved JSON null comes back from the column as SQL NULL (null or undefined, by driver).
  return { messages: rows.map((row) => (row.message ?? null) as AiChatThreadJson["messages"][number]) };
}
