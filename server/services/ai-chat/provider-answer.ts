/**
 * A chat completion (OpenAI's format: `choices[0].message` with `content` and `tool_calls`) as the wire's
 * `content` list: the text, if any, then one `tool-call` item per call. The server runs no tool, so
 * each call's `result` is "success": the editor applies the proposal.
 */
import type { z } from "zod";
import type { aiChatContentItem } from "../../../contract/ai-chat.js";
import type { jsonValue } from "../../../contract/fields.js";
import { ProviderFailure } from "./provider-request.js";

export type ChatContentItem = z.input<typeof aiChatContentItem>;
type JsonValue = z.input<typeof jsonValue>;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** `content` may be a string or a list of parts (`{type: "text", text}`); a refusal counts as text. */
function textOf(message: Json): string {
  const { content, refusal } = message;
  const text =
    typeof content === "string"
      ? content
      : Array.isArray(content)
        ? content.filter((part): part is Json => isObject(part) && typeof part.text === "string").map((part) => part.text as string).join("")
        : "";
  return text.trim() === "" && typeof refusal === "string" ? refusal : text;
}

function parseArgs(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    // Not JSON (a model's slip): passed on as the text it is.
    return text;
  }
}

/** Throws a ProviderFailure when `body` is not a chat completion. */
export function contentOfCompletion(body: unknown): ChatContentItem[] {
  const choice = isObject(body) && Array.isArray(body.choices) ? (body.choices[0] as unknown) : undefined;
  const message = isObject(choice) ? choice.message : undefined;
  if (!isObject(message)) throw new ProviderFailure("its answer is not a chat completion");
  const items: ChatContentItem[] = [];
  const text = textOf(message);
  if (text.trim() !== "") items.push({ type: "text", text });
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  calls.forEach((call: unknown, index) => {
    const fn = isObject(call) && isObject(call.function) ? call.function : undefined;
    if (!isObject(call) || !fn || typeof fn.name !== "string") return;
    const argsText = typeof fn.arguments === "string" ? fn.arguments : JSON.stringify(fn.arguments ?? {});
    const toolCallId = typeof call.id === "string" && call.id !== "" ? call.id : `call_${index}`;
    items.push({ type: "tool-call", toolName: fn.name, toolCallId, args: parseArgs(argsText), argsText, result: "success" });
  });
  return items;
}
