/**
 * The consent page and the identity provider's message page, rendered on the server (no script: the
 * pages' content security policy allows none inline, and a form needs none). Light and dark follow the
 * browser's preference.
 */
const escapeHtml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const STYLE = `
:root{color-scheme:light dark;--bg:#f6f7f9;--card:#fff;--text:#111827;--muted:#4b5563;--border:#d1d5db;--accent:#1d4ed8;--accent-text:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#0b0f17;--card:#151b26;--text:#f3f4f6;--muted:#c7cdd6;--border:#374151;--accent:#93b4ff;--accent-text:#0b0f17}}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;padding:16px}
main{width:100%;max-width:420px;background:var(--card);border:1px solid var(--border);border-radius:12px;padding:28px}
h1{font-size:1.25rem;margin:0 0 4px}p{margin:0 0 16px;color:var(--muted)}.app{display:flex;gap:12px;align-items:center;margin-bottom:16px}
.app img{width:48px;height:48px;border-radius:8px;object-fit:cover;border:1px solid var(--border)}
ul{margin:0 0 20px;padding-left:20px}li{margin:4px 0}.who{font-size:.9rem}
.actions{display:flex;gap:12px}button{flex:1;font:inherit;padding:10px 14px;border-radius:8px;border:1px solid var(--border);background:transparent;color:var(--text);cursor:pointer}
button.primary{background:var(--accent);color:var(--accent-text);border-color:var(--accent);font-weight:600}button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export interface ConsentView {
  clientName: string;
  logoUrl: string | null;
  scopes: { scope: string; description: string }[];
  userLabel: string;
  formAction: string;
  request: string;
  csrf: string;
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
  );
}

export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
