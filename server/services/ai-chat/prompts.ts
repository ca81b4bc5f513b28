/**
 * What the AI assistant is told about the e-mail editor: one system prompt per kind of source being
 * edited, and the one tool it may call to hand back a complete new source. The server never runs the
 * tool: the editor shows the proposal and the admin applies it.
 */
import type { z } from "zod";
import type { aiChatContextType } from "../../../contract/ai-chat.js";

export type ChatContextType = z.output<typeof aiChatContextType>;

/** A function the model may call (OpenAI's `tools` entry). */
export interface ChatTool {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

const common = `You help an administrator of a Latchkey project write the e-mails their users receive. Sources are
TypeScript React (TSX) modules rendered to HTML with React Email: import layout components from
"@react-email/components" (Html, Head, Body, Container, Section, Row, Column, Heading, Text, Link, Button, Img, Hr,
Tailwind, ...) and style them with Tailwind classes inside <Tailwind> or with inline styles. Only the packages
"react", "@react-email/components", "@latchkey/emails" and "arktype" can be imported; there is no network, file system or
browser API at render time. E-mail clients support little CSS: prefer simple tables of sections, fixed widths under
600px, web-safe fonts and absolute image URLs.

Answer briefly. When you change the source, call the tool with the whole new module (never a fragment or a diff),
keeping what the administrator did not ask to change, then say in one or two sentences what you changed. When the
administrator only asks a question, answer it without calling the tool.`;

const theme = `You are editing an e-mail theme: the frame every e-mail of the project is rendered in. A theme module
exports \`function EmailTheme({ children, unsubscribeLink }: ThemeProps)\` (ThemeProps from "@latchkey/emails") that
returns the whole document (<Html>, <Head />, <Body>) and places \`children\` (the e-mail's content) in it, with an
unsubscribe link when \`unsubscribeLink\` is given. \`EmailTheme.PreviewProps\` may give preview values.`;

const template = `You are editing an e-mail template: the content of one kind of e-mail, rendered inside the project's
theme. A template module exports \`variablesSchema\` (an arktype \`type({...})\` of the variables it is sent with) and
\`function EmailTemplate({ user, project, variables }: Props<typeof variablesSchema.infer>)\` (Props from
"@latchkey/emails") that returns the content only (no <Html> or <Body>: the theme adds them). It sets the subject with
<Subject value="..." /> and the category with <NotificationCategory value="Transactional" /> (or "Marketing").
\`EmailTemplate.PreviewVariables\` gives preview values of the variables.`;

const draft = `You are editing an e-mail draft: a one-off e-mail the administrator writes and sends once, rendered
inside the project's theme. A draft module exports \`function EmailTemplate({ user, project }: Props)\` (Props from
"@latchkey/emails") that returns the content only (no <Html> or <Body>: the theme adds them), sets the subject with
<Subject value="..." /> and may set <NotificationCategory value="Marketing" /> (or "Transactional"). It may greet the
recipient by \`user.displayName\` (which can be null) and name the product by \`project.displayName\`.`;

const contexts: Record<ChatContextType, { prompt: string; tool: string; what: string }> = {
  "email-theme": { prompt: theme, tool: "createEmailTheme", what: "theme" },
  "email-template": { prompt: template, tool: "createEmailTemplate", what: "template" },
  "email-draft": { prompt: draft, tool: "createEmailDraft", what: "draft" },
};

/** The system prompt for what the admin is editing. */
export function systemPromptFor(context: ChatContextType): string {
  return `${common}\n\n${contexts[context].prompt}`;
}

/** The tool that proposes a new source of the kind being edited. */
export function toolFor(context: ChatContextType): ChatTool {
  const { tool, what } = contexts[context];
  return {
    type: "function",
    function: {
      name: tool,
      description: `Proposes a complete new TSX source for the e-mail ${what} being edited; the editor shows it and the administrator applies it.`,
      parameters: {
        type: "object",
        properties: { content: { type: "string", description: `The whole TSX module of the ${what}.` } },
        required: ["content"],
        additionalProperties: false,
      },
    },
  };
}
