// Stored files no row refers to. A file is moved into the store before the transaction that
// points a document at it commits (the other order could leave a document without its file), so
// a crash in between leaves the file alone in the store. The serving portal removes such files
// at start, holding the data directory's lock: no upload is in flight then. A database or bucket
// shared by several instances may hold another instance's upload in flight, so there only files older
// than an hour are removed.
import type { AppContext } from "../../context.ts";
import { referencedStorageKeys } from "../documents/service.ts";
import { signatureStorageKeys } from "../signatures/lookups.ts";

const IN_FLIGHT_MS = 60 * 60_000;

/** Every stored file a row refers to: documents' files and versions, signature requests' originals and drawn signatures. */
export async function referencedFileKeys(ctx: AppContext): Promise<Set<string>> {
  const keys = await referencedStorageKeys(ctx);
  for (const key of await signatureStorageKeys(ctx)) keys.add(key);
  return keys;
}

/** Removes stored files that nothing in the database refers to; returns how many. */
export async function removeOrphanedFiles(ctx: AppContext): Promise<number> {
  const referenced = await referencedFileKeys(ctx);
  // Several instances on one database (DATABASE_URL) or one bucket: another one's upload may be
  // in flight. Wall-clock time, as the store stamps its files (not the portal's own clock).
  const shared = ctx.files.shared || ctx.config.databaseUrl !== null;
  const stored = await ctx.files.storedKeys(shared ? { modifiedBefore: new Date(Date.now() - IN_FLIGHT_MS) } : {});
  const orphans = stored.filter((key) => !referenced.has(key));
  for (const key of orphans) await ctx.files.remove(key);
  return orphans.length;
}
