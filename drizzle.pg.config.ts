// drizzle-kit for the PostgreSQL schema (`npm run db:generate:pg`); the SQLite one is drizzle.config.ts.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema-pg/",
  out: "./db/migrations-pg",
});
