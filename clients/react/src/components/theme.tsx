/**
 * The theme provider: the `lk-root` class the stylesheet hangs off, light or dark (or the system's
 * preference), and CSS variable overrides.
 */
import type { CSSProperties, ReactNode } from "react";
import { BrandingContext, brandingStyle, isBrandColor, type Branding } from "./branding.js";
import "../styles/latchkey.css";

export interface StackThemeProps {
  /** "light", "dark", or "system" (the default: follows `prefers-color-scheme`). */
  colorScheme?: "light" | "dark" | "system";
  /** Overrides of the `--lk-*` variables, e.g. `{ "--lk-primary": "#7c3aed" }`. */
  variables?: Record<`--lk-${string}`, string>;
  /** The app's name, logos and primary colour: full pages show the logo and name, buttons and links the colour. */
  branding?: Branding;
  className?: string;
  children?: ReactNode;
}

/**
 * @example
 * ```tsx
 * <StackTheme colorScheme="dark" variables={{ "--lk-radius": "0" }}><SignIn /></StackTheme>
 * <StackTheme branding={{ name: "Acme", logoUrl: "/logo.svg", darkLogoUrl: "/logo-white.svg", primaryColor: "#7c3aed" }}>…</StackTheme>
 * ```
 */
export function StackTheme({ colorScheme = "system", variables, branding, className, children }: StackThemeProps) {
  const style = brandingStyle(branding, variables as CSSProperties | undefined);
  return (
    <div
      className={className ? `lk-root ${className}` : "lk-root"}
      data-lk-theme={colorScheme === "system" ? undefined : colorScheme}
      data-lk-branded={isBrandColor(branding?.primaryColor) || undefined}
      style={style}
    >
      <BrandingContext.Provider value={branding ?? null}>{children}</BrandingContext.Provider>
    </div>
  );
}
