/**
 * A project's branding on full pages: its logo (one for light and one for dark backgrounds) and name
 * above the card, and its primary colour on buttons and links. StackTheme provides it (`branding` prop);
 * the hosted pages give the project's own (server: services/branding). The colour's text colour is picked
 * for contrast, and links keep the default colour on a background where the brand colour would not read.
 */
import { createContext, useContext, type CSSProperties } from "react";

export interface Branding {
  /** The project's name, shown next to the logo. */
  name?: string | null;
  /** Logo for light backgrounds. */
  logoUrl?: string | null;
  /** Logo for dark backgrounds (the light one when absent). */
  darkLogoUrl?: string | null;
  /** `#rrggbb`. */
  primaryColor?: string | null;
}

export const BrandingContext = createContext<Branding | null>(null);

const HEX = /^#[0-9a-fA-F]{6}$/;
/** The cards' backgrounds (latchkey.css `--lk-card`), light and dark. */
const CARD_LIGHT = "#ffffff";
const CARD_DARK = "#141a25";

function luminance(hex: string): number {
  const channel = (at: number) => {
    const value = parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two `#rrggbb` colours. */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** White or black, whichever reads better on `background` (at least 4.5:1 for any colour). */
export function readableTextOn(background: string): "#ffffff" | "#000000" {
  return contrastRatio(background, "#ffffff") >= contrastRatio(background, "#000000") ? "#ffffff" : "#000000";
}

export function isBrandColor(value: string | null | undefined): value is string {
  return typeof value === "string" && HEX.test(value);
}

/** The `--lk-brand*` variables latchkey.css turns into the primary colour (empty for no or a malformed colour). */
export function brandVariables(primaryColor: string | null | undefined): Record<`--lk-${string}`, string> {
  if (!isBrandColor(primaryColor)) return {};
  const linkOn = (card: string) => (contrastRatio(primaryColor, card) >= 4.5 ? primaryColor : "");
  return {
    "--lk-brand": primaryColor,
    "--lk-on-brand": readableTextOn(primaryColor),
    ...(linkOn(CARD_LIGHT) && { "--lk-brand-link-light": primaryColor }),
    ...(linkOn(CARD_DARK) && { "--lk-brand-link-dark": primaryColor }),
  };
}

/** The project's logo(s) and name above a full page's card; nothing without branding. */
export function BrandHeader() {
  const branding = useContext(BrandingContext);
  if (!branding || (!branding.logoUrl && !branding.darkLogoUrl && !branding.name)) return null;
  const light = branding.logoUrl ?? branding.darkLogoUrl;
  const dark = branding.darkLogoUrl ?? branding.logoUrl;
  // The name is written out next to the logo, so the images need no text of their own.
  return (
    <header className="lk-brand">
      {light && <img className={dark !== light ? "lk-brand-logo lk-brand-logo-light" : "lk-brand-logo"} src={light} alt="" />}
      {dark && dark !== light && <img className="lk-brand-logo lk-brand-logo-dark" src={dark} alt="" />}
      {branding.name && <span className="lk-brand-name">{branding.name}</span>}
    </header>
  );
}

/** StackTheme's root attributes for a branding. */
export function brandingStyle(branding: Branding | undefined, variables: CSSProperties | undefined): CSSProperties | undefined {
  const brand = brandVariables(branding?.primaryColor) as CSSProperties;
  return Object.keys(brand).length === 0 ? variables : { ...brand, ...variables };
}
