/**
 * The built-in templates, one TSX module per mail the product sends. Each source embeds its texts
 * (texts.ts) by locale, declares its variables (named as the reference names them, so templates
 * written for Stack keep working), sets `<Subject>` and `<NotificationCategory>`, and lays the mail out
 * as a heading, a greeting, paragraphs, an optional code, an optional button with the link written out
 * below it (in the HTML only: the plain-text part holds the link once, after the button's label), and
 * a footer. Projects edit copies of these in their config (`emails.templates.<id>`).
 */
import { textsOfMail, type BuiltInMail } from "./texts.js";

interface TemplateSpec {
  mail: BuiltInMail;
  /** The variables schema's fields (arktype definitions), `locale?` added to every one. */
  schema: Record<string, string>;
  /** TSX expression of the values `{…}` placeholders take, besides `project` and `user`. */
  values?: string;
  /** TSX expression of the code shown large (magic link), if any. */
  code?: string;
  /** Variable holding the button's link, if any. */
  link?: string;
  preview: Record<string, unknown>;
}

function templateSource(spec: TemplateSpec): string {
  const schema = { ...spec.schema, "locale?": "string" };
  const link = spec.link ? `variables.${spec.link}` : null;
  return `import { type } from "arktype";
import { Button, Heading, Hr, Link, Section, Text } from "@react-email/components";
import { NotificationCategory, Subject, type Props } from "@latchkey/emails";

/**
 * This e-mail's words by locale: the \`locale\` variable picks one ("de-CH" tries "de-ch", then "de"),
 * English otherwise. {name} marks a value filled in when the e-mail renders.
 */
const TEXTS: Record<string, Texts> = ${JSON.stringify(textsOfMail(spec.mail), null, 2)};

interface Texts {
  subject: string;
  heading: string;
  greeting: string;
  greetingWithoutName: string;
  lines: string[];
  action?: string;
  linkHint?: string;
  footer: string;
  kinds?: Record<string, string>;
}

export const variablesSchema = type(${JSON.stringify(schema, null, 2)});

function textsFor(locale: string | undefined): Texts {
  const wanted = (locale ?? "").toLowerCase();
  return TEXTS[wanted] ?? TEXTS[wanted.split("-")[0]] ?? TEXTS.en;
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\\{(\\w+)\\}/g, (match, name) => values[name] ?? match);
}

export function EmailTemplate({ user, project, variables }: Props<typeof variablesSchema.infer>) {
  const t = textsFor(variables.locale);
  const values: Record<string, string> = { project: project.displayName, user: user.displayName ?? ""${spec.values ? `, ...${spec.values}` : ""} };
  return (
    <>
      <Subject value={fill(t.subject, values)} />
      <NotificationCategory value="Transactional" />
      <Section>
        <Heading as="h2" className="m-0 mb-4 text-xl font-bold">{fill(t.heading, values)}</Heading>
        <Text className="m-0 mb-4 text-sm leading-6">{fill(user.displayName ? t.greeting : t.greetingWithoutName, values)}</Text>
        {t.lines.map((line, i) => (
          <Text key={i} className="m-0 mb-4 text-sm leading-6">{fill(line, values)}</Text>
        ))}${spec.code ? `
        <Text className="m-0 mb-6 font-mono text-2xl font-bold tracking-[4px]">{${spec.code}}</Text>` : ""}${link ? `
        <Button href={${link}} className="mb-4 rounded-md px-5 py-3 text-sm font-semibold no-underline" style={{ backgroundColor: project.primaryColor ?? "#2563eb", color: project.onPrimaryColor ?? "#ffffff" }}>
          {t.action}
        </Button>
        {/* The plain-text part already has the link after the button's label: this line is for HTML only. */}
        <Text data-skip-in-text={true} className="m-0 mb-4 text-xs leading-5 opacity-70">
          {t.linkHint} <Link href={${link}} className="break-all">{${link}}</Link>
        </Text>` : ""}
        <Hr className="my-6 opacity-30" />
        <Text className="m-0 text-xs leading-5 opacity-70">{fill(t.footer, values)}</Text>
      </Section>
    </>
  );
}

EmailTemplate.PreviewVariables = ${JSON.stringify(spec.preview, null, 2)} satisfies typeof variablesSchema.infer;
`;
}

export const EMAIL_VERIFICATION_TEMPLATE_TSX = templateSource({
  mail: "emailVerification",
  schema: { emailVerificationLink: "string" },
  link: "emailVerificationLink",
  preview: { emailVerificationLink: "https://example.com/verify?code=preview" },
});

/** The same link as the sign-up verification, with words for an address added to an existing account. */
export const ADDED_EMAIL_VERIFICATION_TEMPLATE_TSX = templateSource({
  mail: "addedEmailVerification",
  schema: { emailVerificationLink: "string" },
  link: "emailVerificationLink",
  preview: { emailVerificationLink: "https://example.com/verify?code=preview" },
});

export const PASSWORD_RESET_TEMPLATE_TSX = templateSource({
  mail: "passwordReset",
  schema: { passwordResetLink: "string" },
  link: "passwordResetLink",
  preview: { passwordResetLink: "https://example.com/reset-password?code=preview" },
});

export const MAGIC_LINK_TEMPLATE_TSX = templateSource({
  mail: "magicLink",
  schema: { magicLink: "string", otp: "string" },
  link: "magicLink",
  code: "variables.otp",
  preview: { magicLink: "https://example.com/magic-link?code=preview", otp: "3SLSWZ" },
});

export const TEAM_INVITATION_TEMPLATE_TSX = templateSource({
  mail: "teamInvitation",
  schema: { teamInvitationLink: "string", teamDisplayName: "string" },
  values: "{ team: variables.teamDisplayName }",
  link: "teamInvitationLink",
  preview: { teamInvitationLink: "https://example.com/team-invitation?code=preview", teamDisplayName: "My Team" },
});

export const SIGN_IN_INVITATION_TEMPLATE_TSX = templateSource({
  mail: "signInInvitation",
  schema: { signInInvitationLink: "string", "teamDisplayName?": "string" },
  link: "signInInvitationLink",
  preview: { signInInvitationLink: "https://example.com/sign-in?preview=1" },
});

/** `occurredAt`: an ISO date; shown as `YYYY-MM-DD HH:MM` UTC. */
export const SECURITY_ALERT_TEMPLATE_TSX = templateSource({
  mail: "securityAlert",
  schema: {
    alertKind: "'passwordChanged' | 'mfaEnabled' | 'mfaDisabled' | 'passkeyAdded' | 'primaryEmailChanged' | 'signInWithMfa'",
    occurredAt: "string",
  },
  values: `{ what: t.kinds?.[variables.alertKind] ?? variables.alertKind, when: new Date(variables.occurredAt).toISOString().replace("T", " ").slice(0, 16) }`,
  preview: { alertKind: "passwordChanged", occurredAt: "2026-01-01T12:00:00.000Z" },
});
