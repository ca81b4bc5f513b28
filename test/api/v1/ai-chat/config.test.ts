/** The AI assistant's settings (LATCHKEY_AI_*): the model turns it on; a base URL or key without it is refused. */
import { describe, expect, it } from "vitest";
import { describeConfig } from "../../../../server/config-report.js";
import { ConfigError, DEFAULT_AI_BASE_URL, loadConfig } from "../../../../server/config.js";

describe("LATCHKEY_AI_* settings", () => {
  it("leave the assistant off when unset", () => {
    expect(loadConfig({}).ai).toBeNull();
  });

  it("turn it on with the model, on OpenAI's API unless a base URL is given", () => {
    expect(loadConfig({ LATCHKEY_AI_MODEL: "gpt-4o-mini", LATCHKEY_AI_API_KEY: "sk-x" }).ai).toEqual({ baseUrl: DEFAULT_AI_BASE_URL, apiKey: "sk-x", model: "gpt-4o-mini", timeoutMs: 60_000 });
    expect(loadConfig({ LATCHKEY_AI_MODEL: "llama3", LATCHKEY_AI_BASE_URL: "http://127.0.0.1:11434/v1/", LATCHKEY_AI_TIMEOUT_MS: "120000" }).ai).toEqual({
      baseUrl: "http://127.0.0.1:11434/v1", apiKey: null, model: "llama3", timeoutMs: 120_000,
    });
  });

  it("refuse a base URL or key without a model, and a bad URL, naming the variable but never the key", () => {
    const problem = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.message;
        throw error;
      }
      return null;
    };
    expect(problem({ LATCHKEY_AI_BASE_URL: "https://llm.example.com/v1" })).toMatch(/^LATCHKEY_AI_BASE_URL=https:\/\/llm\.example\.com\/v1: needs LATCHKEY_AI_MODEL/);
    const keyProblem = problem({ LATCHKEY_AI_API_KEY: "sk-secret-value" });
    expect(keyProblem).toMatch(/^LATCHKEY_AI_API_KEY: needs LATCHKEY_AI_MODEL/);
    expect(keyProblem).not.toContain("sk-secret-value");
    expect(problem({ LATCHKEY_AI_MODEL: "m", LATCHKEY_AI_BASE_URL: "ftp://llm.example.com" })).toMatch(/^LATCHKEY_AI_BASE_URL=ftp/);
    expect(problem({ LATCHKEY_AI_MODEL: "m", LATCHKEY_AI_TIMEOUT_MS: "10" })).toMatch(/^LATCHKEY_AI_TIMEOUT_MS=10/);
  });

  it("are shown by --print-config without the key", () => {
    const text = describeConfig(loadConfig({ LATCHKEY_AI_MODEL: "gpt-4o-mini", LATCHKEY_AI_API_KEY: "sk-print-config-secret" }))
      .map((line) => `${line.variable}=${line.value}`)
      .join("\n");
    expect(text).toContain("LATCHKEY_AI_MODEL=gpt-4o-mini");
    expect(text).toContain("LATCHKEY_AI_API_KEY=(set)");
    expect(text).not.toContain("sk-print-config-secret");
  });
});
