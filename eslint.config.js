// @ts-check
// Lint for what matters (STYLE.md, habit 10): promises that nobody awaits, switches that miss a case, and
// imports that should be type-only. Type-aware: each file is checked with the tsconfig.json nearest to it.
import { defineConfig, globalIgnores } from "eslint/config";
import tseslint from "typescript-eslint";

const httpFromBelow = { group: ["**/http/*", "**/http"], message: "Services, views and storage must not import the HTTP layer (server/http/)." };
const compositionRoot = { group: ["**/create-deps", "**/create-deps.js"], message: "Only start-up (server/main.ts, the CLI) builds the dependencies: import the AppDeps type from server/deps.ts." };
const sqlOutsideStorage = { group: ["drizzle-orm", "drizzle-orm/*"], message: "Only server/db/ writes SQL: add a method to a query group in server/db/queries/ and call it through deps.queries." };
// The store's tables and its dialect are server/db's business too (`store.t.users`, `deps.store.dialect`).
const storeInternals = ["t", "dialect"].map((name) => ({
  selector: `MemberExpression[property.name="${name}"]:matches([object.name="store"], [object.property.name="store"])`,
  message: `Only server/db/ reads store.${name}: add a method to a query group in server/db/queries/.`,
}));

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
    // One way to the database: SQL lives in server/db/queries/ (with its row types); the rest of the server calls those query groups.
    files: ["server/**"],
    ignores: ["server/db/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [sqlOutsideStorage] }],
      "no-restricted-syntax": ["error", ...storeInternals],
    },
  },
  {
    // The HTTP layer depends on services, never the other way round (STYLE.md, habit 12).
    files: ["server/services/**", "server/views/**", "server/validation/**", "server/errors.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [httpFromBelow, sqlOutsideStorage, compositionRoot] }],
      "no-restricted-syntax": ["error", ...storeInternals],
    },
  },
  {
    files: ["server/db/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [httpFromBelow, compositionRoot] }],
    },
  },
);
