/**
 * The consent page and the identity provider's message page, rendered on the server (no script: the
 * pages' content security policy allows none inline, and a form needs none). Light and dark follow the
 * browser's preference. The consent page carries the project's branding as the other hosted pages do:
 * its logo (light and dark) and name above the card, its primary colour on the Allow button.
 */
import type { Branding } from "../services/branding/branding.js";
import { readableTextOn } from "../services/branding/colors.js";

const escapeHtml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const STYLE = `
:root{color-scheme:light dark;--bg:#f6f7f9;--card:#fff;--text:#111827;--muted:#4b5563;--border:#d1d5db;--accent:#1d4ed8;--accent-text:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#0b0f17;--card:#151b26;--text:#f3f4f6;--muted:#c7cdd6;--border:#374151;--accent:#93b4ff;--accent-text:#0b0f17}}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;padding:16px}
main{width:100%;max-width:420px;background:var(--card);border:1px solid var(--border);border-radius:12px;padding:28px}
h1{font-size:1.25rem;margin:0 0 4px}p{margin:0 0 16px;color:var(--muted)}.app{display:flex;gap:12px;align-items:center;margin-bottom:16px}
.app img{width:48px;height:48px;border-radius:8px;object-fit:cover;border:1px solid var(--border)}
.brand{display:flex;gap:10px;align-items:center;justify-content:center;margin:0 0 16px;font-weight:600;font-size:1.05rem}
.brand img{max-height:40px;max-width:160px;object-fit:contain}.brand .dark{display:none}
@media (prefers-color-scheme:dark){.brand .light.has-dark{display:none}.brand .dark{display:inline}}
.shell{width:100%;max-width:420px}
ul{margin:0 0 20px;padding-left:20px}li{margin:4px 0}.who{font-size:.9rem}
.actions{display:flex;gap:12px}button{flex:1;font:inherit;padding:10px 14px;border-radius:8px;border:1px solid var(--border);background:transparent;color:var(--text);cursor:pointer}
button.primary{background:var(--accent);color:var(--accent-text);border-color:var(--accent);font-weight:600}button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
`;

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The project's logo(s) and name above the card, and the primary colour's variables; nothing without branding. */
function brandParts(branding: Branding | null): { header: string; style: string } {
  if (!branding) return { header: "", style: "" };
  const light = branding.logoUrl ?? branding.darkLogoUrl;
  const dark = branding.darkLogoUrl ?? branding.logoUrl;
  const twoLogos = light !== null && dark !== null && dark !== light;
  // The name is written next to the logo, so the images need no text of their own.
  const logos = [light && `<img class="light${twoLogos ? " has-dark" : ""}" src="${escapeHtml(light)}" alt="">`, twoLogos && `<img class="dark" src="${escapeHtml(dark)}" alt="">`].filter(Boolean).join("");
  const header = logos || branding.name ? `<header class="brand">${logos}${branding.name ? `<span>${escapeHtml(branding.name)}</span>` : ""}</header>` : "";
  const color = branding.primaryColor !== null && HEX.test(branding.primaryColor) ? branding.primaryColor : null;
  const style = color ? `button.primary{background:${color};border-color:${color};color:${readableTextOn(color)}}` : "";
  return { header, style };
}

function page(title: string, body: string, branding: Branding | null = null): string {
  const brand = brandParts(branding);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}${brand.style}</style></head><body><div class="shell">${brand.header}<main>${body}</main></div></body></html>`;
}

export interface ConsentView {
  clientName: string;
  logoUrl: string | null;
  scopes: { scope: string; description: string }[];
  userLabel: string;
  formAction: string;
  request: string;
  csrf: string;
  /** The project's branding (server: services/branding), or null. */
  branding: Branding | null;
}

export function consentPage(view: ConsentView): string {
  const logo = view.logoUrl ? `<img src="${escapeHtml(view.logoUrl)}" alt="">` : "";
  const scopes = view.scopes.map((s) => `<li>${escapeHtml(s.description)} <span class="who">(${escapeHtml(s.scope)})</span></li>`).join("");
  return page(
    `Allow ${view.clientName}?`,
    `<div class="app">${logo}<div><h1>Allow ${escapeHtml(view.clientName)} to use your account?</h1></div></div>
<p class="who">Signed in as ${escapeHtml(view.userLabel)}</p>
<p>${escapeHtml(view.clientName)} asks to:</p><ul>${scopes}</ul>
<form method="post" action="${escapeHtml(view.formAction)}">
<input type="hidden" name="request" value="${escapeHtml(view.request)}"><input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">
<div class="actions"><button type="submit" name="decision" value="deny">Deny</button><button type="submit" name="decision" value="allow" class="primary">Allow</button></div>
</form>`,
    view.branding,
  );
}

export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
