/**
 * Every word of the built-in e-mails, by locale, in one place for translators: English (`en`) and German
 * (`de`). To add a language, add an entry next to them with the same keys (a missing mail falls back to
 * English). Each built-in
 * template carries its own part of this table in its TSX source (so a project's copy keeps working
 * when it is edited) and picks the entry named by its `locale` variable (`de-CH` tries `de-ch`, then
 * `de`, then `en`).
 *
 * `{name}` marks a value filled in when the mail renders: `{project}` (the project's display name),
 * `{user}` (the recipient's display name), `{team}` (a team's display name, quoted by the template),
 * `{what}` and `{when}` (security alerts). Subjects never hold a code or a link: the outbox shows them
 * to admins in the clear.
 */

export interface MailTexts {
  subject: string;
  heading: string;
  /** The first paragraph when the recipient has a display name / when not. */
  greeting: string;
  greetingWithoutName: string;
  /** Paragraphs of the body. */
  lines: string[];
  /** The button's label, for mails with a link. */
  action?: string;
  /** The line before the link written out, for clients that hide buttons. */
  linkHint?: string;
  footer: string;
}

export interface SecurityAlertTexts extends MailTexts {
  /** What happened, by alert kind (`{what}`). */
  kinds: Record<SecurityAlertKindName, string>;
}

export type SecurityAlertKindName = "passwordChanged" | "mfaEnabled" | "mfaDisabled" | "passkeyAdded" | "primaryEmailChanged" | "signInWithMfa";

export interface LocaleTexts {
  emailVerification: MailTexts;
  /** Verification of an address added to an account that already existed (not the sign-up address). */
  addedEmailVerification: MailTexts;
  passwordReset: MailTexts;
  magicLink: MailTexts;
  teamInvitation: MailTexts;
  signInInvitation: MailTexts;
  securityAlert: SecurityAlertTexts;
}

export type BuiltInMail = keyof LocaleTexts;

const linkHint = "Or open this link:";
const linkHintDe = "Oder öffnen Sie diesen Link:";

export const EMAIL_TEXTS: Readonly<Record<string, Partial<LocaleTexts>>> = {
  en: {
    emailVerification: {
      subject: "Verify your email at {project}",
      heading: "Confirm your e-mail address",
      greeting: "Hi {user},",
      greetingWithoutName: "Hello,",
      lines: ["Please confirm that this address is yours to finish signing up to {project}."],
      action: "Verify e-mail",
      linkHint,
      footer: "If you did not sign up, you can ignore this e-mail.",
    },
    addedEmailVerification: {
      subject: "An account at {project} asked to add this address",
      heading: "Confirm an added e-mail address",
      greeting: "Hi {user},",
      greetingWithoutName: "Hello,",
      lines: [
        "Someone signed in to an existing account at {project} asked to add this e-mail address to it.",
        "If that was you, open the link below in the browser where you are signed in to that account. The address is confirmed only for the account you are signed in to there.",
      ],
      action: "Confirm the address",
      linkHint,
      footer: "If it was not you, ignore this e-mail and do not sign in to an account you do not know: the address stays unconfirmed and nothing changes.",
    },
    passwordReset: {
      subject: "Reset your password at {project}",
      heading: "Reset your password",
      greeting: "Hi {user},",
      greetingWithoutName: "Hello,",
      lines: ["Someone asked to reset the password of your {project} account. Use the button below to choose a new one."],
      action: "Choose a new password",
      linkHint,
      footer: "If it wasn't you, ignore this e-mail; your password stays the same.",
    },
    magicLink: {
      subject: "Sign in to {project}",
      heading: "Sign in to {project}",
      greeting: "Hi {user},",
      greetingWithoutName: "Hello,",
      lines: ["Use the button below to sign in, or enter this code:"],
      action: "Sign in",
      linkHint,
      footer: "If you did not try to sign in, you can ignore this e-mail.",
    },
    teamInvitation: {
      subject: "You're invited to join a team on {project}",
      heading: "Join a team on {project}",
      greeting: "Hi {user},",
      greetingWithoutName: "Hello,",
      lines: ["You've been invited to join a team on {project}. The team's name, as its members wrote it: “{team}”."],
      action: "Accept invitation",
      linkHint,
      footer: "If you weren't expecting this invitation, you can ignore this e-mail.",
    },
    signInInvitation: {
      subject: "You're invited to sign in to {project}",
      heading: "You're invited to {project}",
      greeting: "Hi {user},",
      greetingWithoutName: "Hello,",
      lines: ["You've been invited to sign in to {project}. Use the button below to get started."],
      action: "Sign in",
      linkHint,
      footer: "If you weren't expecting this invitation, you can ignore this e-mail.",
    },
    securityAlert: {
      subject: "Security alert for your {project} account",
      heading: "{what}",
      greeting: "Hi {user},",
      greetingWithoutName: "Hello,",
      lines: [
        "{what} on your {project} account ({when} UTC).",
        "If this was you, there is nothing to do.",
        "If it was not, reset your password from the {project} sign-in page right away: that signs every device out.",
      ],
      footer: "You get this e-mail because it is sent for every change to how you sign in.",
      kinds: {
        passwordChanged: "Your password was changed",
        mfaEnabled: "Two-factor authentication was turned on",
        mfaDisabled: "Two-factor authentication was turned off",
        passkeyAdded: "A passkey was added",
        primaryEmailChanged: "Your primary e-mail address was changed",
        signInWithMfa: "A new sign-in with two-factor authentication happened",
      },
    },
  },
  de: {
    emailVerification: {
      subject: "Bestätigen Sie Ihre E-Mail-Adresse für {project}",
      heading: "Bestätigen Sie Ihre E-Mail-Adresse",
      greeting: "Hallo {user},",
      greetingWithoutName: "Guten Tag,",
      lines: ["Bitte bestätigen Sie, dass diese Adresse Ihnen gehört, um Ihre Registrierung bei {project} abzuschließen."],
      action: "E-Mail-Adresse bestätigen",
      linkHint: linkHintDe,
      footer: "Falls Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.",
    },
    addedEmailVerification: {
      subject: "Ein Konto bei {project} möchte diese Adresse hinzufügen",
      heading: "Hinzugefügte E-Mail-Adresse bestätigen",
      greeting: "Hallo {user},",
      greetingWithoutName: "Guten Tag,",
      lines: [
        "Jemand, der bei einem bestehenden Konto bei {project} angemeldet ist, möchte diese E-Mail-Adresse zu diesem Konto hinzufügen.",
        "Wenn Sie das waren, öffnen Sie den Link unten in dem Browser, in dem Sie bei diesem Konto angemeldet sind. Die Adresse wird nur für das Konto bestätigt, bei dem Sie dort angemeldet sind.",
      ],
      action: "Adresse bestätigen",
      linkHint: linkHintDe,
      footer: "Falls Sie das nicht waren, ignorieren Sie diese E-Mail und melden Sie sich nicht bei einem Konto an, das Sie nicht kennen: Die Adresse bleibt unbestätigt, und nichts ändert sich.",
    },
    passwordReset: {
      subject: "Passwort für {project} zurücksetzen",
      heading: "Passwort zurücksetzen",
      greeting: "Hallo {user},",
      greetingWithoutName: "Guten Tag,",
      lines: ["Jemand möchte das Passwort Ihres Kontos bei {project} zurücksetzen. Über die Schaltfläche unten wählen Sie ein neues."],
      action: "Neues Passwort wählen",
      linkHint: linkHintDe,
      footer: "Falls Sie das nicht waren, ignorieren Sie diese E-Mail einfach; Ihr Passwort bleibt unverändert.",
    },
    magicLink: {
      subject: "Bei {project} anmelden",
      heading: "Bei {project} anmelden",
      greeting: "Hallo {user},",
      greetingWithoutName: "Guten Tag,",
      lines: ["Melden Sie sich über die Schaltfläche unten an oder geben Sie diesen Code ein:"],
      action: "Anmelden",
      linkHint: linkHintDe,
      footer: "Falls Sie sich nicht anmelden wollten, können Sie diese E-Mail ignorieren.",
    },
    teamInvitation: {
      subject: "Einladung in ein Team bei {project}",
      heading: "Treten Sie einem Team bei {project} bei",
      greeting: "Hallo {user},",
      greetingWithoutName: "Guten Tag,",
      lines: ["Sie wurden eingeladen, einem Team bei {project} beizutreten. Der Name des Teams, wie seine Mitglieder ihn geschrieben haben: „{team}“."],
      action: "Einladung annehmen",
      linkHint: linkHintDe,
      footer: "Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.",
    },
    signInInvitation: {
      subject: "Ihre Einladung zu {project}",
      heading: "Willkommen bei {project}",
      greeting: "Hallo {user},",
      greetingWithoutName: "Guten Tag,",
      lines: ["Sie wurden eingeladen, sich bei {project} anzumelden. Über die Schaltfläche unten geht es los."],
      action: "Anmelden",
      linkHint: linkHintDe,
      footer: "Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.",
    },
    securityAlert: {
      subject: "Sicherheitshinweis zu Ihrem Konto bei {project}",
      heading: "{what}",
      greeting: "Hallo {user},",
      greetingWithoutName: "Guten Tag,",
      lines: [
        "{what}. Betroffen ist Ihr Konto bei {project} ({when} UTC).",
        "Wenn Sie das selbst waren, ist nichts weiter zu tun.",
        "Wenn nicht, setzen Sie Ihr Passwort sofort über die Anmeldeseite von {project} zurück: Damit werden alle Geräte abgemeldet.",
      ],
      footer: "Sie erhalten diese E-Mail, weil wir Sie bei jeder Änderung an Ihren Anmeldedaten benachrichtigen.",
      kinds: {
        passwordChanged: "Ihr Passwort wurde geändert",
        mfaEnabled: "Die Zwei-Faktor-Authentifizierung wurde eingeschaltet",
        mfaDisabled: "Die Zwei-Faktor-Authentifizierung wurde ausgeschaltet",
        passkeyAdded: "Ein Passkey wurde hinzugefügt",
        primaryEmailChanged: "Ihre primäre E-Mail-Adresse wurde geändert",
        signInWithMfa: "Es gab eine neue Anmeldung mit Zwei-Faktor-Authentifizierung",
      },
    },
  },
};

/** One mail's texts in every locale that has them (what a built-in template's source embeds). */
export function textsOfMail(mail: BuiltInMail): Record<string, MailTexts> {
  const result: Record<string, MailTexts> = {};
  for (const [locale, texts] of Object.entries(EMAIL_TEXTS)) {
    const entry = texts[mail];
    if (entry) result[locale] = entry;
  }
  return result;
}
