/**
 * The editor's conversation in OpenAI's chat-completions message format. The editor sends each message's
 * content as a string or as content parts (`{type: "text", text}`, `{type: "tool-call", toolCallId,
 * toolName, args, argsText, result}`, `{type: "tool-result", toolCallId, result}`); the provider wants
 * text, `tool_calls` on assistant messages, and a `tool` message answering each call right after it.
 * So every assistant tool call is followed by its result: the one a `tool` message of the conversation
 * gives for its id, else the one the call part carries, else "success" (the editor applied it). `tool`
 * messages are consumed that way and not sent on their own; parts of other types (images, files) are
 * left out.
 */
import type { ChatContextType } from "./prompts.js";
import { systemPromptFor } from "./prompts.js";

export interface EditorMessage {
  role: "user" | "assistant" | "tool";
  content: unknown;
}

export interface ProviderToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

export type ProviderMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: ProviderToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };

type Part = Record<string, unknown>;

const isPart = (value: unknown): value is Part => typeof value === "object" && value !== null && !Array.isArray(value);
const partsOf = (content: unknown): Part[] => (Array.isArray(content) ? content.filter(isPart) : isPart(content) ? [content] : []);
const asText = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value ?? null));

/** The text of a message's content: a string as it is, the text parts of a list joined by blank lines. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (content === null || content === undefined) return "";
  const parts = partsOf(content);
  if (parts.length === 0) return asText(content);
  return parts
    .filter((part) => part.type === "text" && typeof part.text === "string")
    .map((part) => part.text as string)
    .join("\n\n");
}

function toolCallOf(part: Part, index: number, messageIndex: number): ProviderToolCall {
  const id = typeof part.toolCallId === "string" && part.toolCallId ? part.toolCallId : `call_${messageIndex}_${index}`;
  const name = typeof part.toolName === "string" && part.toolName ? part.toolName : "unknown";
  const args = typeof part.argsText === "string" ? part.argsText : JSON.stringify(part.args ?? {});
  return { id, type: "function", function: { name, arguments: args } };
}

/** Results the conversation's `tool` messages give, by tool call id. */
function toolResults(messages: readonly EditorMessage[]): Map<string, unknown> {
  const results = new Map<string, unknown>();
  for (const message of messages) {
    if (message.role !== "tool") continue;
    for (const part of partsOf(message.content)) {
      if (typeof part.toolCallId === "string") results.set(part.toolCallId, part.result);
    }
  }
  return results;
}

/** The system prompt for `context`, then the conversation in the provider's format. */
export function providerMessages(context: ChatContextType, messages: readonly EditorMessage[]): ProviderMessage[] {
  const out: ProviderMessage[] = [{ role: "system", content: systemPromptFor(context) }];
  const results = toolResults(messages);
  messages.forEach((message, messageIndex) => {
    switch (message.role) {
      case "user":
        out.push({ role: "user", content: textOf(message.content) });
        break;
      case "assistant": {
        const callParts = partsOf(message.content).filter((part) => part.type === "tool-call");
        const calls = callParts.map((part, index) => toolCallOf(part, index, messageIndex));
        const text = textOf(message.content);
        if (calls.length === 0) {
          out.push({ role: "assistant", content: text });
          break;
        }
        out.push({ role: "assistant", content: text || null, tool_calls: calls });
        calls.forEach((call, index) => {
          const result = results.has(call.id) ? results.get(call.id) : (callParts[index]!.result ?? "success");
          out.push({ role: "tool", tool_call_id: call.id, content: asText(result) });
        });
        break;
      }
      case "tool":
        break;
    }
  });
  return out;
}
