import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { describeConfig } from "./config-report.js";
import { ConfigError, loadConfig } from "./config.js";

const problemOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

describe("loadConfig", () => {
  it("names the variable, its value and what is wrong, in one line", () => {
    const cases: [Record<string, string>, string][] = [
      [{ PORT: "abc" }, "PORT=abc: must be a whole number from 0 to 65535"],
      [{ PORT: "65536" }, "PORT=65536: must be a whole number from 0 to 65535"],
      [{ HOST: "not a host" }, "HOST=not a host: must be an IP address or a host name"],
      [{ DATABASE_URL: "mysql://root:hunter2@db/app" }, "DATABASE_URL=mysql://root:***@db/app: must start with sqlite: or postgres://"],
      [{ DATABASE_POOL_SIZE: "0" }, "DATABASE_POOL_SIZE=0: must be a whole number of at least 1"],
      [{ LATCHKEY_PUBLIC_URL: "localhost:8102" }, "LATCHKEY_PUBLIC_URL=localhost:8102: must be an http:// or https:// URL"],
      [{ LATCHKEY_LOG_LEVEL: "verbose" }, "LATCHKEY_LOG_LEVEL=verbose: must be silent, error, info or debug"],
      [{ LATCHKEY_VALIDATE_RESPONSES: "yes" }, "LATCHKEY_VALIDATE_RESPONSES=yes: must be true or false"],
      [{ LATCHKEY_ABUSE_LIMITS: "false" }, "LATCHKEY_ABUSE_LIMITS=false: must be on or off"],
      [{ LATCHKEY_ACCESS_TOKEN_LIFETIME_SECONDS: "-5" }, "LATCHKEY_ACCESS_TOKEN_LIFETIME_SECONDS=-5: must be a whole number from 1 to 86400"],
      [{ LATCHKEY_TRUST_PROXY: "true" }, "LATCHKEY_TRUST_PROXY=true: is ambiguous"],
      [{ LATCHKEY_OAUTH_PROVIDER_BASE_URLS: "github" }, "LATCHKEY_OAUTH_PROVIDER_BASE_URLS=github: must be a comma-separated list"],
      [{ LATCHKEY_OAUTH_SHARED_GITHUB_CLIENT_ID: "id" }, "LATCHKEY_OAUTH_SHARED_GITHUB_CLIENT_SECRET: must be set together with LATCHKEY_OAUTH_SHARED_GITHUB_CLIENT_ID"],
      [{ LATCHKEY_SMTP_URL: "mail.example.com" }, "LATCHKEY_SMTP_URL: must be smtp://"],
      [{ LATCHKEY_EMAIL_FROM: "Latchkey" }, "LATCHKEY_EMAIL_FROM=Latchkey: must be an e-mail address"],
      [{ LATCHKEY_PASSWORD_HASH_CONCURRENCY: "0" }, "LATCHKEY_PASSWORD_HASH_CONCURRENCY=0: must be a whole number of at least 1"],
      [{ LATCHKEY_METRICS_PORT: "8102" }, "LATCHKEY_METRICS_PORT=8102: must differ from PORT"],
      [{ LATCHKEY_METRICS_HOST: "::1::" }, "LATCHKEY_METRICS_HOST=::1::: must be an IP address or a host name"],
      [{ LATCHKEY_SERVER_SECRET_PREVIOUS: Buffer.alloc(32, 1).toString("base64") }, "LATCHKEY_SERVER_SECRET_PREVIOUS: is set without LATCHKEY_SERVER_SECRET"],
      [{ LATCHKEY_SERVER_SECRET: Buffer.alloc(32, 1).toString("base64"), LATCHKEY_SERVER_SECRET_PREVIOUS: Buffer.alloc(32, 1).toString("base64") }, "LATCHKEY_SERVER_SECRET_PREVIOUS: is the same as LATCHKEY_SERVER_SECRET"],
      [{ LATCHKEY_SERVER_SECRET: Buffer.alloc(32, 1).toString("base64"), LATCHKEY_SERVER_SECRET_PREVIOUS: "short" }, "LATCHKEY_SERVER_SECRET_PREVIOUS: must be base64 of at least 32 random bytes"],
    ];
    for (const [env, message] of cases) {
      const problem = problemOf(env);
      expect(problem.startsWith(message), `${problem} should start with ${message}`).toBe(true);
      expect(problem).not.toContain("\n");
    }
  });

  it("never shows a secret's value in its message", () => {
    for (const [env, secret] of [
      [{ LATCHKEY_SERVER_SECRET: "hunter2hunter2" }, "hunter2hunter2"],
      [{ LATCHKEY_SMTP_URL: "http://user:hunter2@mail" }, "hunter2"],
      [{ LATCHKEY_METRICS_TOKEN: "hunter2" }, "hunter2"],
      [{ DATABASE_URL: "mysql://root:hunter2@db/app" }, "hunter2"],
    ] as const) {
      const problem = problemOf(env);
      expect(problem.startsWith(Object.keys(env)[0]!)).toBe(true);
      expect(problem).not.toContain(secret);
    }
  });

  it("takes unset and empty variables as their defaults", () => {
    const config = loadConfig({ PORT: "", LATCHKEY_LOG_LEVEL: "", LATCHKEY_METRICS_TOKEN: "" });
    expect([config.port, config.logLevel, config.metrics]).toEqual([8102, "info", { port: null, host: "127.0.0.1", token: null }]);
  });
});

describe("describeConfig (latchkey start --print-config)", () => {
  it("shows every setting, without secrets", () => {
    const secrets = {
      LATCHKEY_SERVER_SECRET: Buffer.alloc(32, 9).toString("base64"),
      LATCHKEY_SERVER_SECRET_PREVIOUS: Buffer.alloc(32, 8).toString("base64"),
      LATCHKEY_INTERNAL_SUPER_SECRET_ADMIN_KEY: "sak_print_config_secret",
      LATCHKEY_METRICS_TOKEN: "print-config-metrics-token",
      LATCHKEY_OAUTH_SHARED_GITHUB_CLIENT_SECRET: "print-config-client-secret",
    };
    const env = { ...secrets, DATABASE_URL: "postgres://app:dbpassword@db:5432/app", LATCHKEY_SMTP_URL: "smtp://mailer:smtppassword@mail:25", LATCHKEY_OAUTH_SHARED_GITHUB_CLIENT_ID: "gh-id" };
    const lines = describeConfig(loadConfig(env));
    const text = lines.map((l) => `${l.variable}=${l.value}`).join("\n");
    for (const secret of [...Object.values(secrets), "dbpassword", "smtppassword"]) expect(text).not.toContain(secret);
    expect(text).toContain("DATABASE_URL=postgres://app:***@db:5432/app");
    expect(text).toContain("LATCHKEY_OAUTH_SHARED_GITHUB_CLIENT_ID=gh-id");
    expect(text).toContain("LATCHKEY_METRICS_TOKEN=(set)");
    // Every variable loadConfig reads is shown (the OAuth credentials only for providers that have them).
    const read = variablesRead();
    const shown = new Set(lines.map((l) => l.variable));
    expect([...read].filter((name) => !shown.has(name) && !/^LATCHKEY_OAUTH_SHARED_(?!GITHUB)/.test(name))).toEqual([]);
  });
});

describe("the configuration table of docs/CONFIGURATION.md", () => {
  it("lists every variable loadConfig reads", () => {
    const readme = readFileSync(new URL("../docs/CONFIGURATION.md", import.meta.url), "utf8");
    const table = readme.slice(readme.indexOf("# Configuration"), readme.indexOf("## PostgreSQL"));
    const missing = [...variablesRead()]
      // One row stands for every provider's pair: `LATCHKEY_OAUTH_SHARED_<PROVIDER>_CLIENT_ID` / `_CLIENT_SECRET`.
      .map((name) => name.replace(/^LATCHKEY_OAUTH_SHARED_[A-Z]+_CLIENT_(ID|SECRET)$/, "LATCHKEY_OAUTH_SHARED_<PROVIDER>_CLIENT_ID"))
      .filter((name) => !table.includes(`\`${name}\``));
    expect([...new Set(missing)]).toEqual([]);
  });
});

/** The names loadConfig looks up, seen through an environment that records every read. */
function variablesRead(): Set<string> {
  const read = new Set<string>();
  loadConfig(new Proxy({} as Record<string, string | undefined>, { get: (_, name) => (read.add(String(name)), undefined) }));
  return read;
}
