// Vite's configuration for the example. The app's settings come from VITE_LATCHKEY_* variables (the
// environment or a .env file in this folder) and are read in src/index.tsx and src/main.tsx.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  // One copy of React for the app and the components, also when this folder has a node_modules of its own.
  resolve: { dedupe: ["react", "react-dom"] },
});
