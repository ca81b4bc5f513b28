// The dashboard's build: served by the server at /dashboard, written to the repository's dist/dashboard.
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/dashboard/",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL("../dist/dashboard", import.meta.url)),
    emptyOutDir: true,
    // Each page is its own chunk; the shell stays small (a test checks the initial size).
    chunkSizeWarningLimit: 1500,
  },
});
