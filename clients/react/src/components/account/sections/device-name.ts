/**
 * A session's browser and system, from the User-Agent it was started with ("Chrome 131", "macOS").
 * Parsed by bowser, loaded with the sessions list only (it stays out of the sign-in pages' bundle).
 */

export interface Device {
  browser: string | null;
  system: string | null;
}

/** Names the browser and system of a user agent; null when it names neither (curl, a server). */
export type DeviceReader = (userAgent: string | null) => Device | null;

export async function loadDeviceReader(): Promise<DeviceReader> {
  const { default: Bowser } = await import("bowser");
  return (userAgent) => {
    if (!userAgent) return null;
    const { browser, os } = Bowser.parse(userAgent);
    const major = browser.version?.split(".")[0];
    const device = { browser: browser.name ? [browser.name, major].filter(Boolean).join(" ") : null, system: os.name || null };
    return device.browser || device.system ? device : null;
  };
}
