import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./server/db/drizzle-kit.sqlite.cts",
  out: "./drizzle/sqlite",
});
