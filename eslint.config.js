// @ts-check
// Lint for what matters (STYLE.md, habit 10): promises that nobody awaits, switches that miss a case, and
// imports that should be type-only. Type-aware: each file is checked with the tsconfig.json nearest to it.
import { defineConfig, globalIgnores } from "eslint/config";
import tseslint from "typescript-eslint";

export default defineConfig(
  globalIgnores(["generated/", "drizzle/", "**/dist/", "coverage/", ".latchkey/", "scratch/", "bench/results/", "bench/builds/"]),
  {
    files: ["**/*.{ts,tsx,mts,cts,js,mjs,cjs}"],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        // Files that no tsconfig.json includes (this file, the .mjs build, start and packaging scripts) get a
        // default project; there are more of them than the parser's default allowance of 8.
        projectService: {
          allowDefaultProject: ["*.js", "scripts/*.mjs", "scripts/packages/*.mjs"],
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 24,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { "@typescript-eslint": tseslint.plugin },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      // A `default:` branch counts as handling the rest of a union.
      "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: true }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "separate-type-imports" }],
    },
  },
  {
    // The HTTP layer depends on services, never the other way round (STYLE.md, habit 12).
    files: ["server/services/**", "server/views/**", "server/db/**", "server/validation/**", "server/errors.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/http/*", "**/http"], message: "Services, views and storage must not import the HTTP layer (server/http/)." }] }],
    },
  },
);
