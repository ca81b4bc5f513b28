/**
 * The e-mail editor's AI assistant (admin; misc.md §3): chat threads kept per project, and a send that
 * forwards the conversation to the chat-completions endpoint the server is configured with. A server
 * without one answers a single text item saying so.
 */
import { z } from "zod";
import { emptyObject, jsonValue, uuid } from "./fields.js";
import { defineProcedure } from "./procedure.js";

const tags = ["AI chat"];

/** The most messages one send may carry, and one thread may keep. */
/** Sends to the assistant a project may make per hour. */
export const AI_CHAT_SENDS_PER_HOUR = 120;

export const AI_CHAT_MAX_SENT_MESSAGES = 200;
export const AI_CHAT_MAX_THREAD_MESSAGES = 1000;
/** The most JSON text one thread may hold in all (characters of its messages' compact JSON). */
export const AI_CHAT_MAX_THREAD_JSON_CHARS = 2_000_000;
/** The most threads one project may keep. */
export const AI_CHAT_MAX_THREADS_PER_PROJECT = 500;
/** The most JSON text one message may hold (characters of its compact JSON). */
export const AI_CHAT_MAX_MESSAGE_JSON_CHARS = 100_000;

const threadParams = z.strictObject({
  thread_id: uuid.meta({ description: "The thread's id, chosen by the editor (a UUID).", example: "0b1e6f3c-3f7a-4c47-9d0a-5b8f1f0f2a11" }),
});

/** Any JSON value of at most AI_CHAT_MAX_MESSAGE_JSON_CHARS characters. */
const boundedJson = jsonValue.refine(
  (value) => JSON.stringify(value).length <= AI_CHAT_MAX_MESSAGE_JSON_CHARS,
  `must be at most ${AI_CHAT_MAX_MESSAGE_JSON_CHARS} characters as JSON`,
);

export const aiChatContextType = z
  .enum(["email-theme", "email-template", "email-draft"])
  .meta({ description: "What the admin is editing: an e-mail theme, an e-mail template or an e-mail draft.", example: "email-theme" });

export const aiChatMessage = z
  .strictObject({
    role: z.enum(["user", "assistant", "tool"]),
    content: boundedJson.meta({
      description: "A string, or the editor's content parts (`{type: \"text\", text}`, `{type: \"tool-call\", …}`, `{type: \"tool-result\", …}`).",
      example: "Make the header dark blue",
    }),
  })
  .meta({ id: "AiChatMessage" });

export const aiChatContentItem = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("text"), text: z.string() }),
    z.object({
      type: z.literal("tool-call"),
      toolName: z.string().meta({ example: "createEmailTheme" }),
      toolCallId: z.string(),
      // The tool's arguments (`{content}`: the proposed TSX source). `jsonValue` itself, so that answers pass unchanged.
      args: jsonValue,
      argsText: z.string().meta({ description: "`args` as the model wrote them (JSON text)." }),
      // The server runs no tool (the editor applies the proposal): always "success".
      result: jsonValue,
    }),
  ])
  .meta({ id: "AiChatContentItem" });

export const sendAiChatMessage = defineProcedure({
  method: "POST",
  path: "/internal/ai-chat/{thread_id}",
  access: "admin",
  summary: "Send the conversation to the AI assistant and get its answer",
  description:
    "Forwards the messages, after a system prompt for `context_type`, to the OpenAI-compatible chat-completions endpoint the server " +
    "is configured with (LATCHKEY_AI_*). Without one, answers a single text item saying the assistant is not configured. The answer " +
    "is not stored: save it with PATCH. At most AI_CHAT_SENDS_PER_HOUR sends per project and hour (429 past them): the operator pays the provider.",
  tags,
  successStatus: 200,
  rateLimit: "ai-chat",
  errors: ["aiChatProviderFailed", "tooManyRequests"],
  params: threadParams,
  body: z.strictObject({
    context_type: aiChatContextType,
    messages: z
      .array(aiChatMessage)
      .min(1, "must hold at least one message")
      .max(AI_CHAT_MAX_SENT_MESSAGES, `must hold at most ${AI_CHAT_MAX_SENT_MESSAGES} messages`),
  }),
  output: z.object({ content: z.array(aiChatContentItem) }),
});

export const saveAiChatMessage = defineProcedure({
  method: "PATCH",
  path: "/internal/ai-chat/{thread_id}",
  access: "admin",
  summary: "Append a message to a stored thread",
  tags,
  successStatus: 200,
  errors: ["aiChatThreadFull", "aiChatThreadTooLarge", "aiChatTooManyThreads"],
  params: threadParams,
  body: z.strictObject({ message: boundedJson.meta({ description: "The message as the editor keeps it; returned as given by GET." }) }),
  output: emptyObject,
});

export const listAiChatMessages = defineProcedure({
  method: "GET",
  path: "/internal/ai-chat/{thread_id}",
  access: "admin",
  summary: "The messages of a stored thread, oldest first (none for a thread never saved to)",
  tags,
  successStatus: 200,
  errors: [],
  params: threadParams,
  output: z.object({ messages: z.array(jsonValue) }),
});

/** This file's procedures, registered in contract/index.ts. */
export const aiChatProcedures = { sendAiChatMessage, saveAiChatMessage, listAiChatMessages } as const;
