import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["contract/**/*.test.ts", "server/**/*.test.ts", "clients/**/*.test.{ts,tsx}", "dashboard/**/*.test.{ts,tsx}", "test/**/*.test.ts", "scripts/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
    globalSetup: ["test/global-setup.ts"],
  },
});
