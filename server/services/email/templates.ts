/**
 * The product's own e-mails (verification, password reset, magic link, invitations, security alerts).
 * The request that sends one only queues it (`verificationEmail` & co. answer the mail laid out in Node,
 * cheaply, plus what the deliverer needs): the sandbox renders it when the outbox delivers it, so a
 * sign-up pays no render. At delivery (`renderQueuedProductEmail`) each mail is rendered from the
 * project's copy of its built-in template (render/defaults/) through composeEmail.
 * A project may edit those templates; when its edited copy (or its theme) fails to render, the mail
 * still goes out, rendered from the built-in template in the built-in light theme, and when the sandbox
 * cannot render even that (overloaded, or down), as it was laid out when queued. Failures are
 * logged: neither a broken template nor a busy sandbox may stop people from signing in.
 *
 * The subject is decided once, when the mail is queued (the Node layout's, from the built-in texts):
 * it is what the outbox summary shows and what is sent whenever the built-in wording is used. Only a
 * template the project edited sets its own subject with `<Subject>`. Subjects name the project and the
 * action only: they are stored in the clear in the outbox summary, so no code or link goes there (the
 * built-in texts keep to that).
 */
import { KnownError } from "../../../contract/known-error.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { AppDeps } from "../../deps.js";
import { composeEmail, emailProject, mailLocale, type EmailRecipient, type EmailProject } from "./compose.js";
import { emailRenderer } from "./catalogue/renderer.js";
import { findTemplate, themeSource } from "./catalogue/themes.js";
import { BUILT_IN_TEMPLATE_IDS, DEFAULT_TEMPLATES, LIGHT_THEME_TSX, type SecurityAlertKindName } from "./render/defaults/index.js";
import { plainProductEmail } from "./render/defaults/plain.js";

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

type BuiltInTemplate = keyof typeof BUILT_IN_TEMPLATE_IDS;

/** How long a project's edited templates are passed over for product mail after one of its renders overran. */
const HUNG_TEMPLATE_COOL_DOWN_MS = 5 * 60_000;

/** What the last-resort rendering needs besides the texts (see render/defaults/plain.ts). */
export interface PlainParts {
  link?: string;
  code?: string;
  team?: string;
  when?: string;
  alertKind?: string;
}

/** A product mail as queued: which built-in mail, its variables and recipient, for the deliverer to render. */
export interface ProductEmailSpec {
  which: BuiltInTemplate;
  variables: Record<string, unknown>;
  recipient?: EmailRecipient;
}

/**
 * A product mail ready to queue: laid out in Node from the built-in texts (its subject is the mail's
 * subject; the layout is what is sent should the sandbox never manage it), and the spec the deliverer
 * renders.
 */
export interface QueuedProductEmail extends RenderedEmail {
  product: ProductEmailSpec;
}

function queued(project: ProjectRow | EmailProject, which: BuiltInTemplate, variables: Record<string, unknown>, given: EmailRecipient | undefined, plain: PlainParts): Promise<QueuedProductEmail> {
  // The mail's language is decided when queued: the Node layout is written in it, and the queued
  // recipient carries it to the render at delivery.
  const locale = mailLocale(emailProject(project), given);
  const recipient = locale === undefined ? given : { ...given, locale };
  const laidOut = plainLayout(project.displayName, which, recipient, plain);
  return Promise.resolve({ ...laidOut, product: { which, variables, ...(recipient ? { recipient } : {}) } });
}

function plainLayout(projectName: string, which: BuiltInTemplate, recipient: EmailRecipient | undefined, plain: PlainParts): RenderedEmail {
  return plainProductEmail({
    mail: which,
    locale: recipient?.locale,
    values: { project: projectName, user: recipient?.displayName ?? "", ...(plain.team !== undefined && { team: plain.team }), ...(plain.when !== undefined && { when: plain.when }) },
    ...(plain.alertKind !== undefined && { alertKind: plain.alertKind }),
    ...(plain.link !== undefined && { link: plain.link }),
    ...(plain.code !== undefined && { code: plain.code }),
  });
}

/**
 * Renders a queued product mail for delivery with the project's template. When that fails: an edited
 * copy is retried as the built-in template in the built-in light theme; when the sandbox cannot render
 * the built-in either, the mail goes out as laid out when queued. Each failure is logged. The queued
 * subject is kept unless the project's edited template renders (see the module comment).
 */
export async function renderQueuedProductEmail(deps: AppDeps, projectInput: ProjectRow | EmailProject, queuedMail: QueuedProductEmail): Promise<RenderedEmail> {
  const { which, variables, recipient } = queuedMail.product;
  const project = emailProject(projectInput);
  const templateId = BUILT_IN_TEMPLATE_IDS[which];
  const builtIn = DEFAULT_TEMPLATES[templateId]!.tsxSource;
  const own = findTemplate(project.config, templateId);
  const edited = own !== undefined && own.tsxSource !== builtIn;
  const common = { variables, productMail: true, ...(recipient ? { recipient } : {}) };
  const queuedSubject = { subject: queuedMail.subject };
  const logFailure = (message: string, error: unknown) =>
    deps.log.error(message, {
      projectId: project.id,
      templateId,
      error: error instanceof KnownError && error.code === "EMAIL_RENDERING_ERROR" ? (error as KnownError<"EMAIL_RENDERING_ERROR">).details.error : String(error),
    });

  // A project whose template or theme overran its deadline lately gets its product mail from the built-in
  // template in the built-in theme for a while: a hang costs its project one slow render, not one per sign-up.
  if (own && !emailRenderer(deps).overranRecently(project.id, HUNG_TEMPLATE_COOL_DOWN_MS)) {
    try {
      return pick(await composeEmail(deps, project, { kind: "template", templateId, ...common, ...(!edited && queuedSubject) }));
    } catch (error) {
      if (error instanceof KnownError && error.code !== "EMAIL_RENDERING_ERROR") throw error;
      logFailure("The project's e-mail template failed; trying the built-in one", error);
    }
  }
  // A second try only if it would render something else (an edited template or theme); else straight to the queued layout.
  if (!own || edited || themeSource(project.config, own.themeId) !== LIGHT_THEME_TSX) {
    try {
      return pick(await composeEmail(deps, project, { kind: "source", templateTsx: builtIn, themeTsx: LIGHT_THEME_TSX, ...common, ...queuedSubject }));
    } catch (error) {
      if (error instanceof KnownError && error.code !== "EMAIL_RENDERING_ERROR") throw error;
      logFailure("The built-in e-mail template failed in the sandbox; sent it without the sandbox", error);
    }
  }
  return pick(queuedMail);
}

function pick({ subject, html, text }: RenderedEmail): RenderedEmail {
  return { subject, html, text };
}

export function verificationEmail(deps: AppDeps, project: ProjectRow | EmailProject, input: { link: string; recipient?: EmailRecipient }): Promise<QueuedProductEmail> {
  return queued(project, "emailVerification", { emailVerificationLink: input.link }, input.recipient, { link: input.link });
}

/** Verification of an address added to an existing account: says who asked and what to do if it was not the recipient. */
export function addedEmailVerificationEmail(deps: AppDeps, project: ProjectRow | EmailProject, input: { link: string; recipient?: EmailRecipient }): Promise<QueuedProductEmail> {
  return queued(project, "addedEmailVerification", { emailVerificationLink: input.link }, input.recipient, { link: input.link });
}

export function passwordResetEmail(deps: AppDeps, project: ProjectRow | EmailProject, input: { link: string; recipient?: EmailRecipient }): Promise<QueuedProductEmail> {
  return queued(project, "passwordReset", { passwordResetLink: input.link }, input.recipient, { link: input.link });
}

/** The one-time code goes in the body only, never in the subject. */
export function magicLinkEmail(deps: AppDeps, project: ProjectRow | EmailProject, input: { link: string; otp: string; recipient?: EmailRecipient }): Promise<QueuedProductEmail> {
  return queued(project, "magicLink", { magicLink: input.link, otp: input.otp }, input.recipient, { link: input.link, code: input.otp });
}

/**
 * The team name is written by whoever created the team, so it stays out of the subject and the heading
 * and appears once in the body, quoted and shortened, as a name and nothing more.
 */
export function teamInvitationEmail(
  deps: AppDeps,
  project: ProjectRow | EmailProject,
  input: { teamName: string; link: string; recipient?: EmailRecipient },
): Promise<QueuedProductEmail> {
  const team = quotedName(input.teamName);
  return queued(project, "teamInvitation", { teamInvitationLink: input.link, teamDisplayName: team }, input.recipient, { link: input.link, team });
}

/** An invitation to sign in whose link is the (trusted) callback URL itself. */
export function signInInvitationEmail(deps: AppDeps, project: ProjectRow | EmailProject, input: { link: string; recipient?: EmailRecipient }): Promise<QueuedProductEmail> {
  return queued(project, "signInInvitation", { signInInvitationLink: input.link }, input.recipient, { link: input.link });
}

/** A notice about a change to the account's security; no link, nothing to click. */
export function securityAlertEmail(
  deps: AppDeps,
  project: ProjectRow | EmailProject,
  input: { kind: SecurityAlertKindName; when: Date; recipient?: EmailRecipient },
): Promise<QueuedProductEmail> {
  const occurredAt = input.when.toISOString();
  return queued(project, "securityAlert", { alertKind: input.kind, occurredAt }, input.recipient, {
    alertKind: input.kind,
    when: occurredAt.replace("T", " ").slice(0, 16),
  });
}

/** A user-written name on one line, at most 64 characters. */
function quotedName(value: string): string {
  const line = value.replace(/\s+/g, " ").trim();
  return line.length > 64 ? `${line.slice(0, 63)}…` : line;
}
