/**
 * Plain built-in e-mails. Every value is HTML-escaped in the HTML part. Subjects name the project and
 * the action only: they are stored in the clear in the outbox summary, so no code or link goes there.
 */

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export function verificationEmail(input: { projectName: string; link: string }): RenderedEmail {
  return compose({
    subject: `Verify your email at ${input.projectName}`,
    heading: "Confirm your e-mail address",
    lines: [`Thanks for signing up to ${input.projectName}! Please confirm that this address is yours.`],
    action: { label: "Verify e-mail", link: input.link },
    footer: "If you did not sign up, you can ignore this e-mail.",
  });
}

export function passwordResetEmail(input: { projectName: string; link: string }): RenderedEmail {
  return compose({
    subject: `Reset your password at ${input.projectName}`,
    heading: "Reset your password",
    lines: [`Someone asked to reset the password of your ${input.projectName} account. Use the button below to choose a new one.`],
    action: { label: "Choose a new password", link: input.link },
    footer: "If it wasn't you, ignore this e-mail; your password stays the same.",
  });
}

/** The one-time code goes in the body only, never in the subject. */
export function magicLinkEmail(input: { projectName: string; link: string; otp: string }): RenderedEmail {
  return compose({
    subject: `Sign in to ${input.projectName}`,
    heading: `Sign in to ${input.projectName}`,
    lines: ["Use the button below to sign in, or enter this code:"],
    code: input.otp,
    action: { label: "Sign in", link: input.link },
    footer: "If you did not try to sign in, you can ignore this e-mail.",
  });
}

/**
 * The team name is written by whoever created the team, so it stays out of the subject and the heading
 * and appears once in the body, quoted and shortened, as a name and nothing more.
 */
export function teamInvitationEmail(input: { projectName: string; teamName: string; link: string }): RenderedEmail {
  return compose({
    subject: `You're invited to join a team on ${input.projectName}`,
    heading: `Join a team on ${input.projectName}`,
    lines: [`You've been invited to join a team on ${input.projectName}. The team's name, as its members wrote it: “${quotedName(input.teamName)}”.`],
    action: { label: "Accept invitation", link: input.link },
    footer: "If you weren't expecting this invitation, you can ignore this e-mail.",
  });
}

/** A notice about a change to the account's security; no link, nothing to click. */
export function securityAlertEmail(input: { projectName: string; what: string; when: Date }): RenderedEmail {
  return compose({
    subject: `Security alert for your ${input.projectName} account`,
    heading: input.what,
    lines: [
      `${input.what} on your ${input.projectName} account (${input.when.toISOString().replace("T", " ").slice(0, 16)} UTC).`,
      "If this was you, there is nothing to do.",
      `If it was not, reset your password from the ${input.projectName} sign-in page right away: that signs every device out.`,
    ],
    footer: "You get this e-mail because it is sent for every change to how you sign in.",
  });
}

interface Parts {
  subject: string;
  heading: string;
  lines: string[];
  code?: string;
  /** A button and its link; security alerts have none (a mail that asks for a click is what phishing looks like). */
  action?: { label: string; link: string };
  footer: string;
}

function compose(parts: Parts): RenderedEmail {
  const text = [
    parts.heading,
    "",
    ...parts.lines,
    ...(parts.code ? ["", `    ${parts.code}`] : []),
    ...(parts.action ? ["", `${parts.action.label}: ${parts.action.link}`] : []),
    "",
    parts.footer,
    "",
  ].join("\n");

  const paragraphs = parts.lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`);
  const code = parts.code
    ? `<p style="margin:0 0 16px;font-size:24px;font-weight:bold;letter-spacing:4px;font-family:monospace">${escapeHtml(parts.code)}</p>`
    : "";
  const href = parts.action ? escapeHtml(parts.action.link) : null;
  const html = [
    "<!doctype html>",
    `<html><head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f6f7f9;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;color:#1f2328">',
    '<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">',
    `<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(parts.heading)}</h1>`,
    ...paragraphs,
    code,
    ...(parts.action && href
      ? [
          `<p style="margin:0 0 24px"><a href="${href}" style="display:inline-block;background:#1f2328;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(parts.action.label)}</a></p>`,
          `<p style="margin:0 0 16px;font-size:13px;color:#57606a">Or open this link: <a href="${href}">${href}</a></p>`,
        ]
      : []),
    `<p style="margin:0;font-size:13px;color:#57606a">${escapeHtml(parts.footer)}</p>`,
    "</div></body></html>",
  ].join("\n");

  return { subject: oneLine(parts.subject), html, text };
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** A user-written name on one line, at most 64 characters. */
function quotedName(value: string): string {
  const line = value.replace(/\s+/g, " ").trim();
  return line.length > 64 ? `${line.slice(0, 63)}…` : line;
}

/** Header values must not carry line breaks. */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, " ");
}
