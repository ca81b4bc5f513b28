/**
 * Which built files a first visit loads before any lazy import: the module scripts, module preloads and
 * stylesheets index.html names, then every module those import statically, transitively. Dynamic
 * `import("./Page-….js")` chunks (a page loaded on demand) are not followed. Used by the bundle-sizes
 * scenario for the dashboard's and the hosted pages' initial bundles, and for the SDK packages' entries.
 */
import { posix } from "node:path";

/** What index.html loads at once, as paths inside the build folder (`base` is Vite's `base`, e.g. "/dashboard/"). */
export function htmlEntryAssets(html: string, base: string): string[] {
  const files: string[] = [];
  for (const tag of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attributes = Object.fromEntries([...tag[2]!.matchAll(/([\w-]+)\s*=\s*["']([^"']*)["']/g)].map((a) => [a[1]!.toLowerCase(), a[2]!]));
    const rel = (attributes.rel ?? "").toLowerCase();
    const url = tag[1]!.toLowerCase() === "script" ? attributes.src : rel === "modulepreload" || rel === "stylesheet" ? attributes.href : undefined;
    const file = url === undefined ? null : localPath(url, base);
    if (file !== null && !files.includes(file)) files.push(file);
  }
  return files;
}

/** A URL of the page as a path in the build folder; null for another origin's. */
function localPath(url: string, base: string): string | null {
  if (/^([a-z][a-z0-9+.-]*:)?\/\//i.test(url)) return null;
  const path = url.startsWith(base) ? url.slice(base.length) : url;
  return posix.normalize(path.replace(/^\/+/, ""));
}

/**
 * The relative specifiers `code` imports or re-exports statically (`import{a}from"./x.js"`,
 * `import "./y.js"`, `export * from "./z.js"`), minified or not; never `import("…")` or bare packages.
 */
export function staticImports(code: string): string[] {
  const specifiers: string[] = [];
  for (const match of code.matchAll(/\b(?:import|export)\s*(?:[\w$\s{},*]*?\bfrom\s*)?["']([^"'\n]+)["']/g)) {
    const specifier = match[1]!;
    if (/^\.{1,2}\//.test(specifier) && !specifiers.includes(specifier)) specifiers.push(specifier);
  }
  return specifiers;
}

/**
 * `entries` and every JavaScript module they import statically, transitively, in the order first met.
 * `read` answers a file's text, or undefined when the build has no such file (a string in the code that
 * only looked like an import): such a file is left out.
 */
export function eagerClosure(entries: readonly string[], read: (file: string) => string | undefined): string[] {
  const found: string[] = [];
  const visit = (file: string) => {
    if (found.includes(file)) return;
    const text = read(file);
    if (text === undefined) return;
    found.push(file);
    if (!file.endsWith(".js") && !file.endsWith(".mjs")) return;
    for (const specifier of staticImports(text)) visit(posix.normalize(posix.join(posix.dirname(file), specifier)));
  };
  for (const entry of entries) visit(entry);
  return found;
}
