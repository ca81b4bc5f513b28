// The build-time settings Vite puts into `import.meta.env` (from the environment or a .env file).
// Declared here rather than through `vite/client`, so the example type-checks in the repository too.
interface ImportMetaEnv {
  readonly VITE_LATCHKEY_URL?: string;
  readonly VITE_LATCHKEY_PROJECT_ID?: string;
  readonly VITE_LATCHKEY_PUBLISHABLE_CLIENT_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare module "*.css";
