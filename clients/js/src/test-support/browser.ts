import { vi } from "vitest";

/** A `document.cookie` lookalike: writes parse name, value and max-age; reads list the live cookies. */
export class FakeCookieJar {
  readonly values = new Map<string, string>();
  readonly maxAges = new Map<string, number>();
  get cookie(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  set cookie(line: string) {
    const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
    const index = pair.indexOf("=");
    const name = pair.slice(0, index);
    const maxAge = attributes.find((a) => a.startsWith("max-age="));
    const seconds = maxAge ? Number(maxAge.slice("max-age=".length)) : undefined;
    if (seconds === 0) {
      this.values.delete(name);
      return;
    }
    this.values.set(name, pair.slice(index + 1));
    if (seconds !== undefined) this.maxAges.set(name, seconds);
  }
}

/** Installs a fake `window` (at `href`) and `document` for one test; undo with `vi.unstubAllGlobals()`. */
export function fakeBrowser(href: string) {
  const url = new URL(href);
  const jar = new FakeCookieJar();
  const storage = new Map<string, string>();
  const location = {
    href,
    origin: url.origin,
    search: url.search,
    hostname: url.hostname,
    protocol: url.protocol,
    assign: vi.fn(),
    replace: vi.fn(),
  };
  const history = { replaceState: vi.fn() };
  const sessionStorage = { setItem: (key: string, value: string) => void storage.set(key, value), getItem: (key: string) => storage.get(key) ?? null };
  vi.stubGlobal("window", { location, history, sessionStorage });
  vi.stubGlobal("document", jar);
  vi.stubGlobal("sessionStorage", sessionStorage);
  return { jar, location, history, storage };
}
