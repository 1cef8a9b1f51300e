// Stored files no row refers to. A file is moved into the store before the transaction that
// points a document at it commits (the other order could leave a document without its file), so
// a crash in between leaves the file alone in the store. The serving portal removes such files
// at start, holding the data directory's lock: no upload is in flight then.
import type { AppContext } from "../../context.ts";
import { storageKeysOf } from "./backup.ts";

/** Removes stored files that nothing in the database refers to; returns how many. */
export function removeOrphanedFiles(ctx: AppContext): number {
  // Instances sharing one database and store: a file another instance adopted a moment ago has
  // no row yet, and is not ours to judge. (Its own stray temp files are still discarded.)
  if (ctx.config.databaseUrl) return 0;
  const referenced = storageKeysOf(ctx.db.$client);
  const orphans = ctx.files.storedKeys().filter((key) => !referenced.has(key));
  for (const key of orphans) ctx.files.remove(key);
  return orphans.length;
}
