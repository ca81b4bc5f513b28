/**
 * Built-in themes and templates, keyed by the ids the reference gives them (projects-and-config.md
 * §5.3; the security alert template is ours), and the template a raw-HTML e-mail is rendered with.
 */
import {
  ADDED_EMAIL_VERIFICATION_TEMPLATE_TSX,
  EMAIL_VERIFICATION_TEMPLATE_TSX,
  MAGIC_LINK_TEMPLATE_TSX,
  PASSWORD_RESET_TEMPLATE_TSX,
  SECURITY_ALERT_TEMPLATE_TSX,
  SIGN_IN_INVITATION_TEMPLATE_TSX,
  TEAM_INVITATION_TEMPLATE_TSX,
} from "./templates.js";
import { DARK_THEME_TSX, LIGHT_THEME_TSX, NO_THEME_TSX } from "./themes.js";

export {
  ADDED_EMAIL_VERIFICATION_TEMPLATE_TSX,
  DARK_THEME_TSX,
  EMAIL_VERIFICATION_TEMPLATE_TSX,
  LIGHT_THEME_TSX,
  MAGIC_LINK_TEMPLATE_TSX,
  NO_THEME_TSX,
  PASSWORD_RESET_TEMPLATE_TSX,
  SECURITY_ALERT_TEMPLATE_TSX,
  SIGN_IN_INVITATION_TEMPLATE_TSX,
  TEAM_INVITATION_TEMPLATE_TSX,
};
export { EMAIL_TEXTS, type BuiltInMail, type SecurityAlertKindName } from "./texts.js";

export const DEFAULT_LIGHT_THEME_ID = "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac";
export const DEFAULT_DARK_THEME_ID = "a0172b5d-cff0-463b-83bb-85124697373a";

/** The built-in templates' ids: the reference's five, and ours for security alerts and added addresses. */
export const BUILT_IN_TEMPLATE_IDS = {
  emailVerification: "e7d009ce-8d47-4528-b245-5bf119f2ffa3",
  passwordReset: "a70fb3a4-56c1-4e42-af25-49d25603abd0",
  magicLink: "822687fe-8d0a-4467-a0d1-416b6e639478",
  teamInvitation: "e84de395-2076-4831-9c19-8e9a96a868e4",
  signInInvitation: "066dd73c-36da-4fd0-b6d6-ebf87683f8bc",
  securityAlert: "d45696f7-c69b-4569-abd8-e2c2203683f3",
  addedEmailVerification: "5c0e7f7a-3b52-4f8e-9d7e-2a6c41b9e0d4",
} as const;

export const EMAIL_VERIFICATION_TEMPLATE_ID = BUILT_IN_TEMPLATE_IDS.emailVerification;

export interface BuiltInTheme {
  displayName: string;
  tsxSource: string;
}

export interface BuiltInTemplate {
  displayName: string;
  tsxSource: string;
}

export const DEFAULT_THEMES: Readonly<Record<string, BuiltInTheme>> = {
  [DEFAULT_LIGHT_THEME_ID]: { displayName: "Default Light", tsxSource: LIGHT_THEME_TSX },
  [DEFAULT_DARK_THEME_ID]: { displayName: "Default Dark", tsxSource: DARK_THEME_TSX },
};

export const DEFAULT_TEMPLATES: Readonly<Record<string, BuiltInTemplate>> = {
  [BUILT_IN_TEMPLATE_IDS.emailVerification]: { displayName: "Email Verification", tsxSource: EMAIL_VERIFICATION_TEMPLATE_TSX },
  [BUILT_IN_TEMPLATE_IDS.passwordReset]: { displayName: "Password Reset", tsxSource: PASSWORD_RESET_TEMPLATE_TSX },
  [BUILT_IN_TEMPLATE_IDS.magicLink]: { displayName: "Magic Link/OTP", tsxSource: MAGIC_LINK_TEMPLATE_TSX },
  [BUILT_IN_TEMPLATE_IDS.teamInvitation]: { displayName: "Team Invitation", tsxSource: TEAM_INVITATION_TEMPLATE_TSX },
  [BUILT_IN_TEMPLATE_IDS.signInInvitation]: { displayName: "Sign In Invitation", tsxSource: SIGN_IN_INVITATION_TEMPLATE_TSX },
  [BUILT_IN_TEMPLATE_IDS.securityAlert]: { displayName: "Security Alert", tsxSource: SECURITY_ALERT_TEMPLATE_TSX },
  [BUILT_IN_TEMPLATE_IDS.addedEmailVerification]: { displayName: "Added Email Verification", tsxSource: ADDED_EMAIL_VERIFICATION_TEMPLATE_TSX },
};

/** What a new template (`POST /internal/email-templates`) and a new draft start from. */
export const STARTER_TEMPLATE_TSX = `import { type } from "arktype";
import { Heading, Section, Text } from "@react-email/components";
import { NotificationCategory, Subject, type Props } from "@latchkey/emails";

export const variablesSchema = type({});

export function EmailTemplate({ user, project }: Props<typeof variablesSchema.infer>) {
  return (
    <>
      <Subject value={\`A message from \${project.displayName}\`} />
      <NotificationCategory value="Transactional" />
      <Section>
        <Heading as="h2" className="m-0 mb-4 text-xl font-bold">Hello{user.displayName ? \` \${user.displayName}\` : ""}!</Heading>
        <Text className="m-0 text-sm leading-6">Write your e-mail here.</Text>
      </Section>
    </>
  );
}

EmailTemplate.PreviewVariables = {} satisfies typeof variablesSchema.infer;
`;

/** A template whose body is `html` as given (the send-email `html` variant), rendered inside a theme. */
export function templateFromHtml(html: string): string {
  return `export function EmailTemplate() {
  return <div dangerouslySetInnerHTML={{ __html: ${JSON.stringify(html)} }} />;
}
`;
}
