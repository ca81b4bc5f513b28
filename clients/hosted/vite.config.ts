// The hosted pages' build: served by the server at /handler (server/http/pages.ts), written to the
// repository's dist/hosted.
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/handler/",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL("../../dist/hosted", import.meta.url)),
    emptyOutDir: true,
    // The sign-in page's script must stay under 150 KB gzipped (test/browser/handler checks it).
    chunkSizeWarningLimit: 600,
  },
});
