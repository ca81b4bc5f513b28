import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/drizzle-kit.pg.cts",
  out: "./drizzle/pg",
});
