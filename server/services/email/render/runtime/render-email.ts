/**
 * One render inside the sandbox: load the theme and template (already compiled to CommonJS factories by
 * the host), validate the variables, render `<EmailTheme><EmailTemplate/></EmailTheme>` with React's
 * streaming renderer (so `<Tailwind>`, which suspends, resolves) and wait for `allReady`. The renderer
 * is React's build for Bun, which streams strings instead of UTF-8 bytes (see
 * scripts/build-email-runtime.mjs). The plain-text part is made outside, in Node (plain-text.ts).
 */
import { renderToReadableStream } from "react-dom/server.bun";
import { Body, Head, Html, Tailwind } from "./components.js";
import { startCollecting, stopCollecting } from "./emails-helper.js";
import { React, sandboxRequire } from "./modules.js";
import type { ThemeProject } from "../worker-protocol.js";

export type ModuleFactory = (exports: object, require: (id: unknown) => unknown, module: { exports: object }) => void;

export interface RenderJob {
  variables?: Record<string, unknown>;
  user?: { displayName: string | null };
  project?: ThemeProject;
  unsubscribeLink?: string;
  previewMode?: boolean;
}

export interface RenderOutput {
  html: string;
  subject?: string;
  notificationCategory?: string;
}

type Component = React.FunctionComponent<Record<string, unknown>> & Record<string, unknown>;

function load(factory: ModuleFactory, file: string, exportName: string): Component {
  const module = { exports: {} as Record<string, unknown> };
  factory(module.exports, sandboxRequire, module);
  const value = module.exports[exportName];
  if (typeof value !== "function") throw new Error(`${file} must export a function named ${exportName}`);
  return value as Component;
}

function validateVariables(schema: unknown, input: Record<string, unknown>): Record<string, unknown> {
  if (schema === undefined) return input;
  if (typeof schema !== "function") throw new Error("variablesSchema must be a function (for example arktype's type({...}))");
  const out: unknown = schema(input);
  if (out instanceof Error || (typeof out === "object" && out !== null && "summary" in out)) {
    throw new Error(`Invalid variables: ${String((out as { summary?: unknown }).summary ?? (out as Error).message)}`);
  }
  return (out ?? input) as Record<string, unknown>;
}

async function renderHtml(element: unknown): Promise<string> {
  let failure: unknown;
  const stream = await renderToReadableStream(element as React.ReactNode, {
    onError(error: unknown) {
      failure ??= error;
    },
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  await stream.allReady;
  if (failure !== undefined) throw failure;
  // React's Bun build writes strings (its types still say bytes).
  const reader = (stream as unknown as ReadableStream<string>).getReader();
  const chunks: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  // React adds image preload hints to <head>; mail clients ignore them (React Email strips them too).
  const html = chunks
    .join("")
    .replace(/<link\b[^>]*>/gi, (tag) => (/\brel="preload"/.test(tag) && /\bas="image"/.test(tag) ? "" : tag));
  const doctype = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';
  return doctype + html.replace(/<!DOCTYPE.*?>/, "");
}

/**
 * Renders a built-in `<Tailwind>` document, so that Tailwind's default setup (a module-level cache,
 * keyed by the config, here none) is compiled before a template needs it.
 */
export async function warmUpTailwind(): Promise<void> {
  const { createElement } = React;
  await renderHtml(createElement(Tailwind, null, createElement(Html, null, createElement(Head), createElement(Body, { className: "m-0" }))));
}

export async function renderEmail(themeFactory: ModuleFactory, templateFactory: ModuleFactory, job: RenderJob): Promise<RenderOutput> {
  const EmailTheme = load(themeFactory, "The theme", "EmailTheme");
  const templateModule = { exports: {} as Record<string, unknown> };
  templateFactory(templateModule.exports, sandboxRequire, templateModule);
  const EmailTemplate = templateModule.exports.EmailTemplate;
  if (typeof EmailTemplate !== "function") throw new Error("The template must export a function named EmailTemplate");
  const template = EmailTemplate as Component;

  const preview = job.previewMode === true;
  const previewVariables = preview && typeof template.PreviewVariables === "object" ? template.PreviewVariables : {};
  const variables = validateVariables(templateModule.exports.variablesSchema, { ...previewVariables, ...job.variables });
  const user = job.user ?? (preview ? { displayName: "John Doe" } : undefined);
  const project: ThemeProject | undefined = job.project ?? (preview ? { displayName: "My Project" } : undefined);
  const previewProps = (EmailTheme.PreviewProps ?? {}) as { unsubscribeLink?: unknown };
  const unsubscribeLink = preview ? previewProps.unsubscribeLink : job.unsubscribeLink;

  const { createElement } = React;
  const content = createElement(template, { variables, user, project });
  const element = createElement(EmailTheme, { unsubscribeLink, project }, content);

  startCollecting();
  try {
    const html = await renderHtml(element);
    return { html, ...stopCollecting() };
  } finally {
    stopCollecting();
  }
}
