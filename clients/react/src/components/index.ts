/** The components: sign-in side (this folder) and account side (./account). */
export { AuthPage, SignIn, SignUp, type AuthPageProps } from "./auth-page.js";
export { CredentialSignIn } from "./credential-sign-in.js";
export { CredentialSignUp } from "./credential-sign-up.js";
export { MagicLinkSignIn } from "./magic-link-sign-in.js";
export { OAuthButton, OAuthButtonGroup, providerDisplayName, type OAuthButtonProps } from "./oauth-button.js";
export { PasskeySignInButton } from "./passkey-button.js";
export { ForgotPassword, PasswordReset } from "./password-pages.js";
export { EmailVerification, ErrorPage, MagicLinkCallback, NotFoundPage, OAuthCallback, SignOutPage } from "./callback-pages.js";
export { MfaPage } from "./mfa-page.js";
export { MessageCard, type MessageCardProps } from "./message-card.js";
export { UserAvatar, type UserAvatarProps } from "./user-avatar.js";
export { StackTheme, type StackThemeProps } from "./theme.js";
export { StackHandler, handlerPageOf, type StackHandlerProps, type HandlerRoute } from "./stack-handler.js";
export { HandlerSettingsProvider, useHandler, type HandlerSettings, type HandlerTools } from "./handler-context.js";
export { isTrustedTarget, isRelativeUrl, UntrustedRedirectError, type RedirectPolicy } from "./redirects.js";
export { callOAuthCallback } from "./sdk.js";
export * from "./account/index.js";
export * from "../i18n/index.js";
