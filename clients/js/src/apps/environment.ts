/** Settings read from the environment when not passed, under Stack's variable names. */
export function environment(): { projectId?: string; publishableClientKey?: string; secretServerKey?: string; superSecretAdminKey?: string; baseUrl?: string; extraRequestHeaders: Record<string, string> } {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
  const pick = (...names: string[]) => names.map((name) => env[name]).find((value) => value !== undefined && value !== "");
  const headers = pick("NEXT_PUBLIC_STACK_EXTRA_REQUEST_HEADERS", "STACK_EXTRA_REQUEST_HEADERS");
  const result: ReturnType<typeof environment> = { extraRequestHeaders: headers ? (JSON.parse(headers) as Record<string, string>) : {} };
  const set = (key: "projectId" | "publishableClientKey" | "secretServerKey" | "superSecretAdminKey" | "baseUrl", value: string | undefined) => {
    if (value !== undefined) result[key] = value;
  };
  set("projectId", pick("NEXT_PUBLIC_STACK_PROJECT_ID", "STACK_PROJECT_ID"));
  set("publishableClientKey", pick("NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY", "STACK_PUBLISHABLE_CLIENT_KEY"));
  set("secretServerKey", pick("STACK_SECRET_SERVER_KEY"));
  set("superSecretAdminKey", pick("STACK_SUPER_SECRET_ADMIN_KEY"));
  set("baseUrl", pick("NEXT_PUBLIC_STACK_API_URL", "STACK_API_URL", "NEXT_PUBLIC_STACK_URL"));
  return result;
}
