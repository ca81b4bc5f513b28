/**
 * The built-in mails in German: each template, rendered in the sandbox with a German `locale` (and laid
 * out in Node, the last resort), has the German subject and words and nothing left of the English texts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmailRenderer, type EmailRenderer } from "../index.js";
import { BUILT_IN_TEMPLATE_IDS, DEFAULT_TEMPLATES, EMAIL_TEXTS, LIGHT_THEME_TSX, type BuiltInMail } from "./index.js";
import { plainProductEmail } from "./plain.js";

let renderer: EmailRenderer;

beforeAll(async () => {
  renderer = createEmailRenderer({ poolSize: 1, timeoutMs: 15_000 });
  await renderer.whenReady();
});

afterAll(() => renderer.close());

const link = "https://acme.test/handler/x?code=abc123";
const mails: Record<BuiltInMail, { variables: Record<string, unknown>; subject: string; words: string }> = {
  emailVerification: { variables: { emailVerificationLink: link }, subject: "Bestätigen Sie Ihre E-Mail-Adresse für Acme", words: "um Ihre Registrierung bei Acme abzuschließen" },
  addedEmailVerification: {
    variables: { emailVerificationLink: link },
    subject: "Ein Konto bei Acme möchte diese Adresse hinzufügen",
    words: "Die Adresse wird nur für das Konto bestätigt, bei dem Sie dort angemeldet sind.",
  },
  passwordReset: { variables: { passwordResetLink: link }, subject: "Passwort für Acme zurücksetzen", words: "Neues Passwort wählen" },
  magicLink: { variables: { magicLink: link, otp: "ABC123" }, subject: "Bei Acme anmelden", words: "oder geben Sie diesen Code ein" },
  teamInvitation: { variables: { teamInvitationLink: link, teamDisplayName: "Kern" }, subject: "Einladung in ein Team bei Acme", words: "wie seine Mitglieder ihn geschrieben haben: „Kern“" },
  signInInvitation: { variables: { signInInvitationLink: link }, subject: "Ihre Einladung zu Acme", words: "Sie wurden eingeladen, sich bei Acme anzumelden" },
  securityAlert: {
    variables: { alertKind: "mfaDisabled", occurredAt: "2026-03-04T05:06:07Z" },
    subject: "Sicherheitshinweis zu Ihrem Konto bei Acme",
    words: "Die Zwei-Faktor-Authentifizierung wurde ausgeschaltet. Betroffen ist Ihr Konto bei Acme (2026-03-04 05:06 UTC).",
  },
};

/** Pieces of the mail's English texts (between placeholders) that the German texts do not share. */
function englishPieces(mail: BuiltInMail): string[] {
  const german = JSON.stringify(EMAIL_TEXTS.de![mail]).toLowerCase();
  const strings = Object.values(EMAIL_TEXTS.en![mail]!).flatMap((value: unknown) =>
    typeof value === "string" ? [value] : Array.isArray(value) ? (value as string[]) : Object.values(value as Record<string, string>),
  );
  return strings
    .flatMap((text) => text.split(/\{\w+\}/))
    .map((piece) => piece.trim().toLowerCase())
    .filter((piece) => piece.length >= 4 && !german.includes(piece));
}

function expectNoEnglish(mail: BuiltInMail, rendered: { subject: string; text: string; html: string }): void {
  const pieces = englishPieces(mail);
  expect(pieces.length).toBeGreaterThan(0);
  for (const part of [rendered.subject, rendered.text, rendered.html]) {
    const lower = part.toLowerCase();
    for (const piece of pieces) expect(lower, `English "${piece}" in ${mail}`).not.toContain(piece);
  }
}

describe("the built-in mails in German", { timeout: 120_000 }, () => {
  it("has German texts for every built-in mail", () => {
    expect(Object.keys(EMAIL_TEXTS.de!).sort()).toEqual(Object.keys(BUILT_IN_TEMPLATE_IDS).sort());
  });

  it.each(Object.keys(mails) as BuiltInMail[])("renders %s in German in the sandbox (locale de-CH falls back to de)", async (mail) => {
    const { variables, subject, words } = mails[mail];
    const rendered = await renderer.render({
      projectId: "german",
      themeTsx: LIGHT_THEME_TSX,
      templateTsx: DEFAULT_TEMPLATES[BUILT_IN_TEMPLATE_IDS[mail]]!.tsxSource,
      variables: { ...variables, locale: "de-CH" },
      user: { displayName: null },
      project: { displayName: "Acme" },
    });
    expect(rendered.subject).toBe(subject);
    expect(rendered.text).toContain("Guten Tag,");
    expect(rendered.text).toContain(words);
    expectNoEnglish(mail, { subject: rendered.subject!, text: rendered.text, html: rendered.html });
  });

  it.each(Object.keys(mails) as BuiltInMail[])("lays %s out in German without the sandbox", (mail) => {
    const { subject, words } = mails[mail];
    const variables = mails[mail].variables as Record<string, string>;
    const rendered = plainProductEmail({
      mail,
      locale: "de-AT",
      values: { project: "Acme", user: "Grete", ...(variables.teamDisplayName !== undefined && { team: variables.teamDisplayName }), when: "2026-03-04 05:06" },
      ...(variables.alertKind !== undefined && { alertKind: variables.alertKind }),
      ...(mail !== "securityAlert" && { link }),
      ...(variables.otp !== undefined && { code: variables.otp }),
    });
    expect(rendered.subject).toBe(subject);
    expect(rendered.text).toContain("Hallo Grete,");
    expect(rendered.text).toContain(words);
    expectNoEnglish(mail, rendered);
  });
});
