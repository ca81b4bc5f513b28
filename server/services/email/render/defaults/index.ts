/**
 * Built-in themes and templates, keyed by the ids the reference gives them (projects-and-config.md
 * §5.3), and the template a raw-HTML e-mail is rendered with.
 */
import { EMAIL_VERIFICATION_TEMPLATE_TSX } from "./email-verification.js";
import { DARK_THEME_TSX, LIGHT_THEME_TSX, NO_THEME_TSX } from "./themes.js";

export { DARK_THEME_TSX, EMAIL_VERIFICATION_TEMPLATE_TSX, LIGHT_THEME_TSX, NO_THEME_TSX };

export const DEFAULT_LIGHT_THEME_ID = "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac";
export const DEFAULT_DARK_THEME_ID = "a0172b5d-cff0-463b-83bb-85124697373a";
export const EMAIL_VERIFICATION_TEMPLATE_ID = "e7d009ce-8d47-4528-b245-5bf119f2ffa3";

export const DEFAULT_THEMES: Readonly<Record<string, { displayName: string; tsxSource: string }>> = {
  [DEFAULT_LIGHT_THEME_ID]: { displayName: "Default Light", tsxSource: LIGHT_THEME_TSX },
  [DEFAULT_DARK_THEME_ID]: { displayName: "Default Dark", tsxSource: DARK_THEME_TSX },
};

export const DEFAULT_TEMPLATES: Readonly<Record<string, { displayName: string; tsxSource: string }>> = {
  [EMAIL_VERIFICATION_TEMPLATE_ID]: { displayName: "Email Verification", tsxSource: EMAIL_VERIFICATION_TEMPLATE_TSX },
};

/** A template whose body is `html` as given (the send-email `html` variant), rendered inside a theme. */
export function templateFromHtml(html: string): string {
  return `export function EmailTemplate() {
  return <div dangerouslySetInnerHTML={{ __html: ${JSON.stringify(html)} }} />;
}
`;
}
