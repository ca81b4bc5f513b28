/**
 * The admin app's e-mail layer: SMTP test mails, sign-in invitations, the sent log, themes, templates,
 * drafts and their previews, and the AI chat threads of the e-mail editors.
 */
import type { AdminComponents } from "../generated.js";
import { error, ok, type Result } from "../result.js";
import { KnownErrors } from "../core/errors/known-errors.js";
import {
  draftBody, draftOf, previewBody, sentEmailOf, templateOf,
  type AdminSentEmail, type EmailDraft, type EmailPreviewOptions, type EmailTemplate, type EmailTheme, type ThemeChoice,
} from "./objects/emails.js";
import { AdminAppBase } from "./admin-app-base.js";

/** An SMTP server to try with `sendTestEmail`. Stack's `EmailConfig`. */
export interface EmailConfig {
  host: string;
  port: number;
  username: string;
  password: string;
  senderEmail: string;
  senderName: string;
}

/** The admin app's e-mail methods (see admin-app.ts for the public class). */
export class AdminAppEmails extends AdminAppBase {
  /**
   * Tries an SMTP server by sending it a test mail; a failure is an error result with the server's reason.
   * @example
   * ```ts
   * const emailConfig = { host: "smtp.example.com", port: 587, username: "shop", password, senderEmail: "noreply@example.com", senderName: "Shop" };
   * const result = await admin.sendTestEmail({ recipientEmail: "me@example.com", emailConfig });
   * if (result.status === "error") console.log(result.error.errorMessage);
   * ```
   */
  async sendTestEmail(options: { recipientEmail: string; emailConfig: EmailConfig }): Promise<Result<undefined, { errorMessage: string }>> {
    const { emailConfig: c } = options;
    const answer = await this.admin("post", "/internal/send-test-email", {
      body: {
        recipient_email: options.recipientEmail,
        email_config: { host: c.host, port: c.port, username: c.username, password: c.password, sender_email: c.senderEmail, sender_name: c.senderName },
      },
    });
    return answer.success ? ok(undefined) : error({ errorMessage: answer.error_message ?? "The test e-mail was not sent" });
  }

  /** Invites someone by e-mail to sign in at `callbackUrl`. @example `await admin.sendSignInInvitationEmail("ada@example.com", "https://app.example.com/handler/sign-in");` */
  async sendSignInInvitationEmail(email: string, callbackUrl: string): Promise<void> {
    await this.admin("post", "/internal/send-sign-in-invitation", { body: { email, callback_url: callbackUrl } });
  }

  /** The sent log: the project's latest 100 e-mails, newest first. @example `const sent = await admin.listSentEmails();` */
  async listSentEmails(): Promise<AdminSentEmail[]> {
    const { items } = await this.admin("get", "/internal/emails", {});
    return items.map(sentEmailOf);
  }

  /** The project's e-mail themes, the built-ins included. @example `const themes = await admin.listEmailThemes();` */
  async listEmailThemes(): Promise<EmailTheme[]> {
    const { themes } = await this.admin("get", "/internal/email-themes", {});
    return themes.map((t) => ({ id: t.id, displayName: t.display_name }));
  }

  /** Creates a theme from the built-in light theme. @example `const { id } = await admin.createEmailTheme("Brand");` */
  async createEmailTheme(displayName: string): Promise<{ id: string }> {
    const { id } = await this.admin("post", "/internal/email-themes", { body: { display_name: displayName } });
    this.changed();
    return { id };
  }

  /** Saves a theme's TSX source once it renders (EMAIL_RENDERING_ERROR otherwise). @example `await admin.updateEmailTheme(themeId, tsxSource);` */
  async updateEmailTheme(id: string, tsxSource: string): Promise<void> {
    await this.admin("patch", "/internal/email-themes/{id}", { path: { id }, body: { tsx_source: tsxSource } });
    this.changed();
  }

  /** The project's e-mail templates, the built-ins included. @example `const templates = await admin.listEmailTemplates();` */
  async listEmailTemplates(): Promise<EmailTemplate[]> {
    const { templates } = await this.admin("get", "/internal/email-templates", {});
    return templates.map(templateOf);
  }

  /** Creates a template from the starter template. @example `const { id } = await admin.createEmailTemplate("Welcome");` */
  async createEmailTemplate(displayName: string): Promise<{ id: string }> {
    const { id } = await this.admin("post", "/internal/email-templates", { body: { display_name: displayName } });
    this.changed();
    return { id };
  }

  /**
   * Saves a template's TSX source and theme (null: the project's selected theme; false: none) once it
   * renders; answers the rendered preview. Needs the project's own e-mail server.
   * @example
   * ```ts
   * const { renderedHtml } = await admin.updateEmailTemplate(templateId, tsxSource, null);
   * ```
   */
  async updateEmailTemplate(id: string, tsxSource: string, themeId: ThemeChoice): Promise<{ renderedHtml: string }> {
    const answer = await this.admin("patch", "/internal/email-templates/{id}", { path: { id }, body: { tsx_source: tsxSource, theme_id: themeId } });
    this.changed();
    return { renderedHtml: answer.rendered_html };
  }

  /**
   * The HTML of a template (by id or source) rendered in a theme (by id or source) with its preview
   * variables.
   * @example
   * ```ts
   * const html = await admin.getEmailPreview({ templateId, themeId: false });
   * ```
   */
  async getEmailPreview(options: EmailPreviewOptions): Promise<string> {
    const { html } = await this.admin("post", "/emails/render-email", { body: previewBody(options) });
    return html;
  }

  /** The project's drafts, newest first. @example `const drafts = await admin.listEmailDrafts();` */
  async listEmailDrafts(): Promise<EmailDraft[]> {
    const { drafts } = await this.admin("get", "/internal/email-drafts", {});
    return drafts.map(draftOf);
  }

  /** Creates a draft (from the starter template unless `tsxSource` is given). @example `const { id } = await admin.createEmailDraft({ displayName: "Launch" });` */
  async createEmailDraft(options: { displayName: string; themeId?: string | undefined | false; tsxSource?: string }): Promise<{ id: string }> {
    const { id } = await this.admin("post", "/internal/email-drafts", { body: { ...draftBody(options), display_name: options.displayName } });
    this.changed();
    return { id };
  }

  /** Changes a draft's name, theme or source. @example `await admin.updateEmailDraft(draftId, { displayName: "Launch day" });` */
  async updateEmailDraft(id: string, data: { displayName?: string; themeId?: string | undefined | false; tsxSource?: string }): Promise<void> {
    await this.admin("patch", "/internal/email-drafts/{id}", { path: { id }, body: draftBody(data) });
    this.changed();
  }

  // ---- AI chat (the e-mail editor's assistant) ----------------------------------------------------

  /**
   * Sends a conversation to the e-mail editor's AI assistant and answers its reply: text items, and
   * tool-call items whose `args.content` is a proposed new TSX source for what is being edited. The
   * reply is not stored (save it with `saveChatMessage`). A server without a configured assistant
   * replies with one text item saying so; a failing provider rejects with a 502 error.
   * @example
   * ```ts
   * const { content } = await admin.sendChatMessage(threadId, "email-theme", [{ role: "user", content: "Make the header dark blue" }]);
   * for (const item of content) if (item.type === "tool-call") console.log(item.toolName, item.args);
   * ```
   */
  async sendChatMessage(threadId: string, contextType: "email-theme" | "email-template" | "email-draft", messages: AdminComponents["schemas"]["AiChatMessage"][]): Promise<{ content: AdminComponents["schemas"]["AiChatContentItem"][] }> {
    const { content } = await this.admin("post", "/internal/ai-chat/{thread_id}", { path: { thread_id: threadId }, body: { context_type: contextType, messages } });
    return { content };
  }

  /** Appends a message (any JSON) to a stored chat thread. @example `await admin.saveChatMessage(threadId, { role: "user", content: "Make the header dark blue" });` */
  async saveChatMessage(threadId: string, message: unknown): Promise<void> {
    await this.admin("patch", "/internal/ai-chat/{thread_id}", { path: { thread_id: threadId }, body: { message: message as AdminComponents["schemas"]["JsonValue"] } });
  }

  /** The messages of a stored chat thread as saved, oldest first (none for a new thread). @example `const { messages } = await admin.listChatMessages(threadId);` */
  async listChatMessages(threadId: string): Promise<{ messages: unknown[] }> {
    const { messages } = await this.admin("get", "/internal/ai-chat/{thread_id}", { path: { thread_id: threadId } });
    return { messages };
  }

  // ---- Payments -----------------------------------------------------------------------------------
}
