// Files baked into the compiled `portal` executable. The compile script generates an entry
// that registers them before the CLI starts; when running from source nothing is registered
// and callers read the files from disk instead.
import { instanceState } from "./instance-state.ts";

export interface EmbeddedMigration {
  tag: string;
  when: number;
  breakpoints: boolean;
  sql: string;
}

export interface EmbeddedFiles {
  /** URL path ("/index.html", "/assets/index-abc.js") → path readable with Bun.file. */
  web: Record<string, string>;
  migrations: EmbeddedMigration[];
  /** PostgreSQL's own migrations (db/migrations-pg), applied by db/postgres.ts. */
  pgMigrations: EmbeddedMigration[];
}

const embedded = instanceState("embedded files", "per process", "the files of this process's own executable", { files: null as EmbeddedFiles | null });

/** @public Called by the entry scripts/compile.ts writes for the executable (a generated file knip cannot see). */
export function registerEmbeddedFiles(files: EmbeddedFiles): void {
  embedded.files = files;
}

export function embeddedFiles(): EmbeddedFiles | null {
  return embedded.files;
}
