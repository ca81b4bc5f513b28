import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["contract/**/*.test.ts", "server/**/*.test.ts", "clients/**/*.test.{ts,tsx}", "dashboard/**/*.test.{ts,tsx}", "test/**/*.test.ts", "scripts/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
    // Vitest's default on this machine's 2 cores is one worker; most files wait on PostgreSQL, Chromium,
    // argon2 and timers, so two keep both cores busy without starving either.
    maxWorkers: 2,
    globalSetup: ["test/global-setup.ts"],
  },
});
