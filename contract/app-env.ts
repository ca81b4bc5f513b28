/**
 * The settings an app reads to reach its project, as `.env` lines: the names each quickstart of
 * docs/QUICKSTARTS.md reads, filled with a project's values. Shared by `latchkey keys create --env` and the
 * dashboard's Connect page, so both print what the quickstarts expect. No imports: the dashboard bundles it.
 */

/** The quickstarts, by their `<!-- quickstart:<name> -->` name (`next` has no marker: its files are shown whole). */
export const appFrameworks = ["next", "react-vite", "node", "stack-sdk", "curl"] as const;
export type AppFramework = (typeof appFrameworks)[number];

export interface AppEnvValues {
  /** The server's base URL as the app reaches it, e.g. `http://localhost:8102`. */
  url: string;
  projectId: string;
  publishableClientKey?: string | undefined;
  secretServerKey?: string | undefined;
}

type Setting = "url" | "projectId" | "publishableClientKey" | "secretServerKey";

/** Each framework's variable per setting; a setting without a name is not read by that framework. */
const names: Record<AppFramework, Partial<Record<Setting, string>>> = {
  next: {
    url: "NEXT_PUBLIC_STACK_API_URL",
    projectId: "NEXT_PUBLIC_STACK_PROJECT_ID",
    publishableClientKey: "NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY",
    secretServerKey: "STACK_SECRET_SERVER_KEY",
  },
  "react-vite": { url: "VITE_LATCHKEY_URL", projectId: "VITE_LATCHKEY_PROJECT_ID", publishableClientKey: "VITE_LATCHKEY_PUBLISHABLE_CLIENT_KEY" },
  node: { url: "LATCHKEY_URL", projectId: "LATCHKEY_PROJECT_ID", publishableClientKey: "LATCHKEY_PUBLISHABLE_CLIENT_KEY", secretServerKey: "LATCHKEY_SECRET_SERVER_KEY" },
  "stack-sdk": { url: "LATCHKEY_URL", projectId: "LATCHKEY_PROJECT_ID", publishableClientKey: "LATCHKEY_PUBLISHABLE_CLIENT_KEY", secretServerKey: "LATCHKEY_SECRET_SERVER_KEY" },
  curl: { url: "LATCHKEY_URL", projectId: "LATCHKEY_PROJECT_ID", publishableClientKey: "LATCHKEY_PUBLISHABLE_CLIENT_KEY", secretServerKey: "LATCHKEY_SECRET_SERVER_KEY" },
};

/** The file the framework reads its settings from (Next.js keeps local secrets in `.env.local`). */
export function envFileName(framework: AppFramework): string {
  return framework === "next" ? ".env.local" : ".env";
}

/** What goes where a key is missing (no key set of that kind yet). */
const placeholder: Record<Setting, string> = {
  url: "",
  projectId: "",
  publishableClientKey: "<create a key set: publishable client key>",
  secretServerKey: "<create a key set: secret server key>",
};

/**
 * `NAME=value` lines for the frameworks given, in their order, each name once (Node, the Stack SDK and
 * curl share theirs). Keys missing from `values` are written as a placeholder that says so.
 */
export function appEnvLines(frameworks: readonly AppFramework[], values: AppEnvValues): string[] {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const framework of frameworks) {
    for (const setting of ["url", "projectId", "publishableClientKey", "secretServerKey"] as const) {
      const name = names[framework][setting];
      if (!name || seen.has(name)) continue;
      seen.add(name);
      lines.push(`${name}=${values[setting] ?? placeholder[setting]}`);
    }
  }
  return lines;
}
