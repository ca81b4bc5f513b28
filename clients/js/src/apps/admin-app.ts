import type { Session } from "../core/tokens/session.js";
import { internalUserHooks, type LatchkeyClientApp } from "./client-app.js";
import { type AppContext, adminApi } from "./context.js";
import type { AdminComponents } from "../generated.js";
import { error, ok, type Result } from "../result.js";
import { KnownErrors } from "../core/errors/known-errors.js";
import {
  draftBody, draftOf, previewBody, sentEmailOf, templateOf,
  type AdminSentEmail, type EmailDraft, type EmailPreviewOptions, type EmailTemplate, type EmailTheme, type ThemeChoice,
} from "./objects/emails.js";
import { createAdminProject, projectUpdateBody, type AdminProject, type AdminProjectUpdateOptions } from "./objects/admin-project.js";
import { createInternalApiKey } from "./objects/internal-api-key.js";
import { customerOf } from "./objects/item.js";
import { LatchkeyServerApp, type ServerAppOptions } from "./server-app.js";

export interface AdminAppOptions extends ServerAppOptions {
  superSecretAdminKey?: string;
  /** An internal-project user's session: the admin app then acts as that project owner. */
  projectOwnerSession?: Session;
}

export interface PermissionDefinition {
  id: string;
  description?: string;
  containedPermissionIds: string[];
}

export interface InternalApiKeyCreateOptions {
  description: string;
  expiresAt: Date;
  hasPublishableClientKey: boolean;
  hasSecretServerKey: boolean;
  hasSuperSecretAdminKey: boolean;
}

/** An SMTP server to try with `sendTestEmail`. Stack's `EmailConfig`. */
export interface EmailConfig {
  host: string;
  port: number;
  username: string;
  password: string;
  senderEmail: string;
  senderName: string;
}

/** A payment transaction as the API sends it (snake_case, like Stack's `AdminTransaction`). */
export type AdminTransaction = AdminComponents["schemas"]["PaymentTransaction"];

export interface ListTransactionsOptions {
  cursor?: string;
  /** 1-200; the server's default is 50. */
  limit?: number;
  type?: "subscription" | "one_time" | "item_quantity_change";
  customerType?: "user" | "team" | "custom";
}

/** The project's Stripe connected account. */
export interface StripeAccountInfo {
  account_id: string;
  charges_enabled: boolean;
  details_submitted: boolean;
  payouts_enabled: boolean;
}

type ItemChangeOwner = { userId: string } | { teamId: string } | { customCustomerId: string };

const definitionOf = (json: { id: string; description?: string; contained_permission_ids: string[] }): PermissionDefinition => ({
  id: json.id,
  ...(json.description !== undefined && { description: json.description }),
  containedPermissionIds: json.contained_permission_ids,
});

const definitionBody = (data: { description?: string; containedPermissionIds?: string[] }) => ({
  ...(data.description !== undefined && { description: data.description }),
  ...(data.containedPermissionIds !== undefined && { contained_permission_ids: data.containedPermissionIds }),
});

/**
 * The admin app: everything the server app does, plus the project's settings, key sets and permission
 * definitions, with the super secret admin key or a project owner's session. Stack's `StackAdminApp`.
 *
 * @example
 * ```ts
 * const admin = new LatchkeyAdminApp({ baseUrl, projectId, publishableClientKey, secretServerKey, superSecretAdminKey, tokenStore: "memory" });
 * const project = await admin.getProject();
 * await project.update({ config: { signUpEnabled: false } });
 * ```
 */
export class LatchkeyAdminApp extends LatchkeyServerApp {
  constructor(options: AdminAppOptions) {
    super({ ...options, superSecretAdminKey: options.superSecretAdminKey ?? (options.projectOwnerSession ? undefined : (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.STACK_SUPER_SECRET_ADMIN_KEY) });
  }

  private get admin() {
    return adminApi(this._context);
  }

  /** The project with its full configuration. @example `const project = await admin.getProject();` */
  override async getProject(): Promise<AdminProject> {
    return createAdminProject(this._context, await this.admin("get", "/internal/projects/current", {}));
  }

  /** The project's key sets (publishable, secret and admin keys), showing each key's last four characters only. @example `const keySets = await admin.listInternalApiKeys();` */
  async listInternalApiKeys() {
    const { items } = await this.admin("get", "/internal/api-keys", {});
    return items.map((k) => createInternalApiKey(this._context, k));
  }

  /**
   * Creates a project key set; its full keys appear only in this answer (later listings show the last four
   * characters).
   * @example
   * ```ts
   * const expiresAt = new Date(Date.now() + 90 * 24 * 3_600_000);
   * const keys = await admin.createInternalApiKey({ description: "CI", expiresAt, hasPublishableClientKey: true, hasSecretServerKey: true, hasSuperSecretAdminKey: false });
   * console.log(keys.secretServerKey);
   * ```
   */
  async createInternalApiKey(options: InternalApiKeyCreateOptions) {
    const created = await this.admin("post", "/internal/api-keys", {
      body: {
        description: options.description,
        expires_at_millis: options.expiresAt.getTime(),
        has_publishable_client_key: options.hasPublishableClientKey,
        has_secret_server_key: options.hasSecretServerKey,
        has_super_secret_admin_key: options.hasSuperSecretAdminKey,
      },
    });
    this.changed();
    const view = createInternalApiKey(this._context, created);
    return {
      ...view,
      publishableClientKey: created.publishable_client_key,
      secretServerKey: created.secret_server_key,
      superSecretAdminKey: created.super_secret_admin_key,
    };
  }

  /** The team permissions the project defines, the `$…` system permissions included. @example `const definitions = await admin.listTeamPermissionDefinitions();` */
  async listTeamPermissionDefinitions(): Promise<PermissionDefinition[]> {
    const { items } = await this.admin("get", "/team-permission-definitions", {});
    return items.map(definitionOf);
  }

  /** Defines a team permission and answers it; throws `PermissionIdAlreadyExists` for a taken id, `ContainedPermissionNotFound` for an unknown contained one. @example `await admin.createTeamPermissionDefinition({ id: "editor", containedPermissionIds: ["$read_members"] });` */
  async createTeamPermissionDefinition(data: PermissionDefinition): Promise<PermissionDefinition> {
    const created = await this.admin("post", "/team-permission-definitions", { body: { id: data.id, ...definitionBody(data), contained_permission_ids: data.containedPermissionIds } });
    this.changed();
    return definitionOf(created);
  }

  /** Changes a team permission's description or contained permissions; throws `PermissionNotFound` for an unknown id. @example `await admin.updateTeamPermissionDefinition("editor", { description: "Edits" });` */
  async updateTeamPermissionDefinition(permissionId: string, data: { description?: string; containedPermissionIds?: string[] }): Promise<void> {
    await this.admin("patch", "/team-permission-definitions/{permission_id}", { path: { permission_id: permissionId }, body: definitionBody(data) });
    this.changed();
  }

  /** Deletes a team permission definition, and with it its grants; throws `PermissionNotFound` for an unknown id. @example `await admin.deleteTeamPermissionDefinition("editor");` */
  async deleteTeamPermissionDefinition(permissionId: string): Promise<void> {
    await this.admin("delete", "/team-permission-definitions/{permission_id}", { path: { permission_id: permissionId } });
    this.changed();
  }

  /** The project permissions the project defines. @example `const definitions = await admin.listProjectPermissionDefinitions();` */
  async listProjectPermissionDefinitions(): Promise<PermissionDefinition[]> {
    const { items } = await this.admin("get", "/project-permission-definitions", {});
    return items.map(definitionOf);
  }

  /** Defines a project permission and answers it; throws `PermissionIdAlreadyExists` for a taken id, `ContainedPermissionNotFound` for an unknown contained one. @example `await admin.createProjectPermissionDefinition({ id: "billing", containedPermissionIds: [] });` */
  async createProjectPermissionDefinition(data: PermissionDefinition): Promise<PermissionDefinition> {
    const created = await this.admin("post", "/project-permission-definitions", { body: { id: data.id, ...definitionBody(data), contained_permission_ids: data.containedPermissionIds } });
    this.changed();
    return definitionOf(created);
  }

  /** Changes a project permission's description or contained permissions; throws `PermissionNotFound` for an unknown id. @example `await admin.updateProjectPermissionDefinition("billing", { description: "Billing" });` */
  async updateProjectPermissionDefinition(permissionId: string, data: { description?: string; containedPermissionIds?: string[] }): Promise<void> {
    await this.admin("patch", "/project-permission-definitions/{permission_id}", { path: { permission_id: permissionId }, body: definitionBody(data) });
    this.changed();
  }

  /** Deletes a project permission definition, and with it its grants; throws `PermissionNotFound` for an unknown id. @example `await admin.deleteProjectPermissionDefinition("billing");` */
  async deleteProjectPermissionDefinition(permissionId: string): Promise<void> {
    await this.admin("delete", "/project-permission-definitions/{permission_id}", { path: { permission_id: permissionId } });
    this.changed();
  }

  /**
   * Changes a customer's item quantity by `quantity` (negative to take away); throws
   * `ItemQuantityInsufficientAmount` when it would go below zero.
   * @example
   * ```ts
   * await admin.createItemQuantityChange({ userId, itemId: "credits", quantity: 5, description: "welcome gift" });
   * ```
   */
  async createItemQuantityChange(options: ItemChangeOwner & { itemId: string; quantity: number; expiresAt?: string; description?: string }): Promise<void> {
    await this.admin("post", "/payments/items/{customer_type}/{customer_id}/{item_id}/update-quantity", {
      path: { ...customerOf(options), item_id: options.itemId },
      query: { allow_negative: false },
      body: { delta: options.quantity, ...(options.expiresAt !== undefined && { expires_at: options.expiresAt }), ...(options.description !== undefined && { description: options.description }) },
    });
    this.changed();
  }

  // ---- E-mail -------------------------------------------------------------------------------------

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

  /** Starts (or continues) Stripe onboarding; answers Stripe's onboarding page. @example `window.location.assign((await admin.setupPayments()).url);` */
  async setupPayments(): Promise<{ url: string }> {
    const { url } = await this.admin("post", "/internal/payments/setup", { body: {} });
    this.changed();
    return { url };
  }

  /** An account session for Stripe's embedded components. @example `const { client_secret } = await admin.createStripeWidgetAccountSession();` */
  async createStripeWidgetAccountSession(): Promise<{ client_secret: string }> {
    const { client_secret } = await this.admin("post", "/internal/payments/stripe-widgets/account-session", { body: {} });
    return { client_secret };
  }

  /** The project's Stripe account; null before `setupPayments` made one. @example `const stripe = await admin.getStripeAccountInfo();` */
  async getStripeAccountInfo(): Promise<StripeAccountInfo | null> {
    try {
      const info = await this.admin("get", "/internal/payments/stripe/account-info", {});
      return { account_id: info.account_id, charges_enabled: info.charges_enabled, details_submitted: info.details_submitted, payouts_enabled: info.payouts_enabled };
    } catch (caught) {
      if (caught instanceof KnownErrors.StripeAccountInfoNotFound) return null;
      throw caught;
    }
  }

  /**
   * Payment transactions (purchases and item quantity changes), newest first, a page at a time.
   * @example
   * ```ts
   * const { transactions, nextCursor } = await admin.listTransactions({ limit: 20, type: "subscription" });
   * ```
   */
  async listTransactions(options: ListTransactionsOptions = {}): Promise<{ transactions: AdminTransaction[]; nextCursor: string | null }> {
    const answer = await this.admin("get", "/internal/payments/transactions", {
      query: {
        ...(options.cursor !== undefined && { cursor: options.cursor }),
        ...(options.limit !== undefined && { limit: String(options.limit) }),
        ...(options.type !== undefined && { type: options.type }),
        ...(options.customerType !== undefined && { customer_type: options.customerType }),
      },
    });
    return { transactions: answer.transactions, nextCursor: answer.next_cursor };
  }

  /**
   * Completes a checkout code's purchase without payment, when the project is in test mode.
   * @example
   * ```ts
   * const url = await user.createCheckoutUrl({ offerId: "pro" });
   * const fullCode = decodeURIComponent(new URL(url).pathname.split("/").at(-1)!);
   * await admin.testModePurchase({ priceId: "monthly", fullCode });
   * ```
   */
  async testModePurchase(options: { priceId: string; fullCode: string; quantity?: number }): Promise<void> {
    await this.admin("post", "/internal/payments/test-mode-purchase-session", {
      body: { price_id: options.priceId, full_code: options.fullCode, ...(options.quantity !== undefined && { quantity: options.quantity }) },
    });
    this.changed();
  }
}

type AdminAppClass = new (options: AdminAppOptions) => LatchkeyAdminApp;
/** The class of owned projects' admin apps: this one, or a subclass another layer registered. */
let OwnedProjectAdminApp: AdminAppClass = LatchkeyAdminApp;

/**
 * @internal Builds owned projects' `app` with `appClass` from now on: the React bindings register their
 * `StackAdminApp`, so `user.useOwnedProjects()[0].app.useProject()` works as in Stack's React SDK.
 */
export function registerOwnedProjectAdminApp(appClass: AdminAppClass): void {
  OwnedProjectAdminApp = appClass;
}

/** A project owned by the signed-in internal user, with an admin app acting through the owner's session. */
function ownedProject(app: LatchkeyClientApp, session: Session, json: Parameters<typeof createAdminProject>[1]) {
  const admin = new OwnedProjectAdminApp({
    baseUrl: app._transport.options.baseUrl,
    projectId: json.id,
    tokenStore: null,
    projectOwnerSession: session,
    ...(app._options.fetch && { fetch: app._options.fetch }),
  });
  return Object.assign(createAdminProject(admin._context, json), { app: admin });
}

/**
 * The methods a signed-in user of the internal project (a project owner) gets on top of `CurrentUser`; the
 * client app joins them to the user object. `CurrentInternalUser` takes its type from this function.
 */
export function projectOwnerMethods(app: LatchkeyClientApp, session: Session) {
  return {
    /**
     * Creates a project owned by one of this user's teams.
     * @example
     * ```ts
     * const project = await owner.createProject({ displayName: "Shop", teamId: owner.selectedTeam!.id });
     * ```
     */
    async createProject(options: AdminProjectUpdateOptions & { displayName: string; teamId: string }) {
      const context: AppContext = app._context;
      const created = await context.client("post", "/internal/projects", { body: { ...projectUpdateBody(options), display_name: options.displayName, owner_team_id: options.teamId } }, session);
      context.changed();
      return ownedProject(app, session, created);
    },
    /** The projects this user's teams own, each with an admin app acting for it. @example `const projects = await owner.listOwnedProjects();` */
    async listOwnedProjects() {
      const { items } = await app._context.client("get", "/internal/projects", {}, session);
      return items.map((p) => ownedProject(app, session, p));
    },
  };
}

internalUserHooks.methods = projectOwnerMethods;
