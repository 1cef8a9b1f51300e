// A tab left open across an upgrade asks for the old version's chunks, which the new portal no
// longer has. When a chunk fails to load while the server answers, that is what happened: the page
// reloads itself onto the new version. At most once a minute, so a chunk that is really broken
// ends on the error screen instead of reloading forever.

import { serverAnswers } from "./connection";

const RELOADED_AT = "portal:reloaded-for-new-version";
const RELOAD_GAP_MS = 60_000;

/** Whether this error is a module or chunk that could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch|ChunkLoadError|Unable to preload/i.test(message);
}

/** Reloads the page when `error` is a chunk the running server no longer has; true if it did. */
export async function reloadIfNewVersion(error: unknown): Promise<boolean> {
  if (!isChunkLoadError(error) || !(await serverAnswers())) return false;
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < RELOAD_GAP_MS) return false;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  window.location.reload();
  return true;
}
