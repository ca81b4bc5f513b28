/** A session's device in words from its User-Agent ("Chrome 131 on macOS"), parsed by bowser; null when it names none. */
import Bowser from "bowser";

export function deviceName(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent);
  const browserName = browser.name ? [browser.name, browser.version?.split(".")[0]].filter(Boolean).join(" ") : null;
  const parts = [browserName, os.name ?? null].filter((part): part is string => !!part);
  return parts.length > 0 ? parts.join(" on ") : null;
}
