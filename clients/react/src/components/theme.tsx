/**
 * The theme provider: the `lk-root` class the stylesheet hangs off, light or dark (or the system's
 * preference), and CSS variable overrides.
 */
import type { CSSProperties, ReactNode } from "react";
import "../styles/latchkey.css";

export interface StackThemeProps {
  /** "light", "dark", or "system" (the default: follows `prefers-color-scheme`). */
  colorScheme?: "light" | "dark" | "system";
  /** Overrides of the `--lk-*` variables, e.g. `{ "--lk-primary": "#7c3aed" }`. */
  variables?: Record<`--lk-${string}`, string>;
  className?: string;
  children?: ReactNode;
}

/**
 * @example
 * ```tsx
 * <StackTheme colorScheme="dark" variables={{ "--lk-radius": "0" }}><SignIn /></StackTheme>
 * ```
 */
export function StackTheme({ colorScheme = "system", variables, className, children }: StackThemeProps) {
  return (
    <div className={className ? `lk-root ${className}` : "lk-root"} data-lk-theme={colorScheme === "system" ? undefined : colorScheme} style={variables as CSSProperties | undefined}>
      {children}
    </div>
  );
}
