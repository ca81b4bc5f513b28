/**
 * The last resort of the product's own mails: the built-in texts (texts.ts) laid out as simple HTML
 * and plain text in Node, without the sandbox. Used only when the sandbox cannot render a built-in
 * mail at all (overloaded past its deadline, or not running), so that sign-up, sign-in and password
 * resets still mail their links. Every value is HTML-escaped.
 */
import { EMAIL_TEXTS, type BuiltInMail, type MailTexts, type SecurityAlertTexts } from "./texts.js";

export interface PlainMailInput {
  mail: BuiltInMail;
  locale?: string | null | undefined;
  /** `{project}`, `{user}`, `{team}`, …: the values the texts' placeholders take. */
  values: Record<string, string>;
  /** For security alerts: the alert kind, worded by the texts. */
  alertKind?: string;
  link?: string;
  code?: string;
}

function textsFor(mail: BuiltInMail, locale: string | null | undefined): MailTexts {
  const wanted = (locale ?? "").toLowerCase();
  const english = EMAIL_TEXTS.en![mail]!;
  return EMAIL_TEXTS[wanted]?.[mail] ?? EMAIL_TEXTS[wanted.split("-")[0]!]?.[mail] ?? english;
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

export function plainProductEmail(input: PlainMailInput): { subject: string; html: string; text: string } {
  const t = textsFor(input.mail, input.locale);
  const kinds = (t as Partial<SecurityAlertTexts>).kinds as Record<string, string> | undefined;
  const values: Record<string, string> = { ...input.values };
  if (input.alertKind !== undefined) values.what = kinds?.[input.alertKind] ?? input.alertKind;
  const subject = fill(t.subject, values).replace(/[\r\n]+/g, " ").trim();
  const heading = fill(t.heading, values);
  const paragraphs = [fill(values.user ? t.greeting : t.greetingWithoutName, values), ...t.lines.map((line) => fill(line, values))];
  const footer = fill(t.footer, values);

  const text = [
    heading,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(input.code ? [`    ${input.code}`, ""] : []),
    ...(input.link ? [`${t.action ?? ""} ${input.link}`.trim(), ""] : []),
    footer,
    "",
  ].join("\n");

  const link = input.link ? escapeHtml(input.link) : null;
  const html = [
    "<!DOCTYPE html>",
    `<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background-color:#f4f5f7;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;color:#1f2328">',
    '<div style="max-width:480px;margin:0 auto;background-color:#ffffff;border-radius:8px;padding:32px">',
    `<h2 style="margin:0 0 16px;font-size:20px">${escapeHtml(heading)}</h2>`,
    ...paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:14px;line-height:24px">${escapeHtml(p)}</p>`),
    ...(input.code ? [`<p style="margin:0 0 24px;font-size:24px;font-weight:bold;letter-spacing:4px;font-family:monospace">${escapeHtml(input.code)}</p>`] : []),
    ...(link
      ? [
          `<p style="margin:0 0 16px"><a href="${link}" style="display:inline-block;background-color:#2563eb;color:#ffffff;padding:12px 20px;border-radius:6px;font-size:14px;font-weight:600;text-decoration:none">${escapeHtml(t.action ?? "")}</a></p>`,
          `<p style="margin:0 0 16px;font-size:12px;opacity:0.7">${escapeHtml(t.linkHint ?? "")} <a href="${link}">${link}</a></p>`,
        ]
      : []),
    `<p style="margin:0;font-size:12px;opacity:0.7">${escapeHtml(footer)}</p>`,
    "</div></body></html>",
  ].join("\n");
  return { subject, html, text };
}
