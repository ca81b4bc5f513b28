/**
 * The front-ends: the hosted pages (dist/hosted, a Vite build of clients/hosted) at /handler/* and the
 * dashboard (dist/dashboard) at /dashboard/*; `/` redirects to the dashboard. A path naming a built file
 * answers that file (hashed files under assets/ are cached for a year); any other path answers the app's
 * index.html (the app routes in the browser) with the project's id and its hosted-pages publishable key
 * in `<meta>` tags (services/hosted-pages.ts). The content security policy allows scripts, styles,
 * fonts, images and API calls from this origin only, and no inline script.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";
import { gzipSync } from "node:zlib";
import type { Context, Hono } from "hono";
import type { AppDeps } from "../deps.js";
import { findProjectFile } from "../project-files.js";
import { renderProjectConfig } from "../services/config/project-config.js";
import { brandedProject, projectBranding } from "../services/branding/branding.js";
import { hostedPagesBootstrap } from "../services/hosted-pages.js";

/**
 * No inline script, nothing from other origins but images; styles may be set inline (components set sizes
 * and colours). Images may come from any https origin: profile pictures are URLs that OAuth providers and
 * apps give, or a storage base in front of a CDN (LATCHKEY_STORAGE_PUBLIC_URL).
 */
export const pagesContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";
const NO_STORE = "no-store, max-age=0";

const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};
const compressible = new Set([".js", ".mjs", ".css", ".html", ".json", ".map", ".svg", ".txt"]);

/** A project id as the pages accept it in `?project_id=` (uuids and `internal`). */
const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/;

interface CachedFile {
  mtimeMs: number;
  body: Buffer;
  gzipped: Buffer | null;
}

/** One built front-end: its folder (found lazily, so the server starts without a build). */
class BuiltApp {
  readonly #name: string;
  #root: string | null = null;
  readonly #files = new Map<string, CachedFile>();

  constructor(name: string) {
    this.#name = name;
  }

  root(): string | null {
    if (this.#root !== null && existsSync(join(this.#root, "index.html"))) return this.#root;
    try {
      const found = findProjectFile(join("dist", this.#name));
      this.#root = existsSync(join(found, "index.html")) ? found : null;
    } catch {
      this.#root = null;
    }
    return this.#root;
  }

  /** A file below the root by its path relative to the app's base, or null (also for `..` tricks and folders). */
  file(relative: string): { path: string; file: CachedFile } | null {
    const root = this.root();
    if (root === null || relative === "" || relative.includes("\0")) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(relative);
    } catch {
      return null;
    }
    const path = normalize(join(root, decoded));
    if (!path.startsWith(root + sep)) return null;
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return null;
    }
    if (!stat.isFile()) return null;
    let cached = this.#files.get(path);
    if (!cached || cached.mtimeMs !== stat.mtimeMs) {
      const body = readFileSync(path);
      cached = { mtimeMs: stat.mtimeMs, body, gzipped: compressible.has(extname(path)) && body.length > 1024 ? gzipSync(body) : null };
      this.#files.set(path, cached);
    }
    return { path, file: cached };
  }

  indexHtml(): string | null {
    const found = this.file("index.html");
    return found ? found.file.body.toString("utf8") : null;
  }
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function pageHeaders(extra: Record<string, string>): Record<string, string> {
  return { "content-security-policy": pagesContentSecurityPolicy, "x-frame-options": "DENY", ...extra };
}

function serveFile(c: Context, found: { path: string; file: CachedFile }, cacheControl: string): Response {
  const type = contentTypes[extname(found.path)] ?? "application/octet-stream";
  const headers: Record<string, string> = pageHeaders({ "content-type": type, "cache-control": cacheControl, vary: "accept-encoding" });
  const gzip = found.file.gzipped !== null && /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
  if (gzip) headers["content-encoding"] = "gzip";
  const body = gzip ? found.file.gzipped! : found.file.body;
  return new Response(c.req.method === "HEAD" ? null : new Uint8Array(body), { status: 200, headers });
}

function notBuilt(name: string): Response {
  const text = `The ${name} front-end is not built. Run \`npm run build\` (or \`npm run build --workspace ${name === "hosted" ? "clients/hosted" : "dashboard"}\`).\n`;
  return new Response(text, { status: 503, headers: pageHeaders({ "content-type": "text/plain; charset=utf-8", "cache-control": NO_STORE }) });
}

/** The `<meta>` tags the hosted app reads at start (no inline script under the policy). */
async function bootstrapMeta(deps: AppDeps, projectId: string): Promise<string> {
  const tags: Record<string, string> = { "latchkey-project-id": projectId, "latchkey-api-url": deps.config.publicUrl };
  const project = PROJECT_ID.test(projectId) ? await deps.queries.projects.find(projectId) : undefined;
  if (project) {
    tags["latchkey-publishable-client-key"] = hostedPagesBootstrap(deps, project).publishableClientKey;
    const { domains, auth } = renderProjectConfig(project);
    const trusted = Object.values(domains.trustedDomains).flatMap((domain) => (domain.baseUrl ? [domain.baseUrl] : []));
    tags["latchkey-trusted-domains"] = JSON.stringify({ allowLocalhost: domains.allowLocalhost, baseUrls: trusted });
    // Every provider people may sign in with, custom OpenID Connect ones included (the client
    // project view lists only the preset ones).
    const providers = Object.entries(auth.oauth.providers).flatMap(([id, provider]) => (provider.allowSignIn && provider.type !== undefined ? [id] : []));
    tags["latchkey-oauth-providers"] = JSON.stringify(providers.sort());
    // The name, logos and colour every page shows (services/branding/branding.ts).
    tags["latchkey-branding"] = JSON.stringify(projectBranding(deps, brandedProject(project)));
  } else {
    tags["latchkey-project-missing"] = "true";
  }
  return Object.entries(tags)
    .map(([name, content]) => `<meta name="${name}" content="${escapeAttribute(content)}">`)
    .join("");
}

/** Mounts one front-end at `base` (e.g. "/handler"). */
function mountApp(app: Hono, deps: AppDeps, base: string, built: BuiltApp, name: string, fixedProject?: string): void {
  const handler = async (c: Context) => {
    const root = built.root();
    if (root === null) return notBuilt(name);
    const relative = c.req.path === base ? "" : c.req.path.slice(base.length + 1);
    const found = relative !== "index.html" ? built.file(relative) : null;
    if (found) return serveFile(c, found, relative.startsWith("assets/") ? IMMUTABLE : REVALIDATE);
    // A missing asset is a 404, not the app's page.
    if (relative.startsWith("assets/")) return new Response("Not found\n", { status: 404, headers: pageHeaders({ "content-type": "text/plain; charset=utf-8", "cache-control": NO_STORE }) });
    const template = built.indexHtml();
    if (template === null) return notBuilt(name);
    const projectId = fixedProject ?? c.req.query("project_id") ?? "internal";
    const meta = await bootstrapMeta(deps, projectId);
    const html = template.includes("</head>") ? template.replace("</head>", `${meta}</head>`) : meta + template;
    return new Response(c.req.method === "HEAD" ? null : html, {
      status: 200,
      headers: pageHeaders({ "content-type": "text/html; charset=utf-8", "cache-control": NO_STORE, "referrer-policy": "no-referrer" }),
    });
  };
  app.get(base, handler);
  app.get(`${base}/*`, handler);
}

/** Mounts the hosted pages, the dashboard and the `/` redirect. */
export function mountPages(app: Hono, deps: AppDeps): void {
  mountApp(app, deps, "/handler", new BuiltApp("hosted"), "hosted");
  mountApp(app, deps, "/dashboard", new BuiltApp("dashboard"), "dashboard", "internal");
  app.get("/", (c) => c.redirect("/dashboard", 302));
}
