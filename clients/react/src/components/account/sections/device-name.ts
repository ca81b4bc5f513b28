/**
 * A session's device in words, from the User-Agent it was started with: "Chrome 131 · macOS". Parsed
 * by bowser, loaded with the sessions list only (it stays out of the sign-in pages' bundle).
 */

/** Names the browser and system of a user agent; null when it names neither (curl, a server). */
export type DeviceNamer = (userAgent: string | null) => string | null;

export async function loadDeviceNamer(): Promise<DeviceNamer> {
  const { default: Bowser } = await import("bowser");
  return (userAgent) => {
    if (!userAgent) return null;
    const { browser, os } = Bowser.parse(userAgent);
    const major = browser.version?.split(".")[0];
    const browserName = browser.name ? [browser.name, major].filter(Boolean).join(" ") : null;
    const parts = [browserName, os.name ?? null].filter((part): part is string => !!part);
    return parts.length > 0 ? parts.join(" · ") : null;
  };
}
