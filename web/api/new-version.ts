// A chunk that would not load. While the server answers, the tab was left open across an upgrade
// and asks for the old version's chunks, which the new portal no longer has: the page reloads
// itself onto the new version. At most once a minute, so a chunk that is really broken ends on the
// error screen instead of reloading forever. While the server does not answer, it was an outage:
// the screen is tried again once the server is back, so the error page goes away with the banner.

import { onceBack, reportReachable, serverAnswers } from "./connection";

const RELOADED_AT = "portal:reloaded-for-new-version";
const RELOAD_GAP_MS = 60_000;

/** Whether this error is a module or chunk that could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  // Chromium's "Failed to fetch dynamically imported module" (and a fetch that failed), Firefox's
  // "error loading dynamically imported module", Safari's "Importing a module script failed".
  return /Failed to fetch|error loading dynamically|Importing a module script failed/i.test(message);
}

/**
 * After `error`: reloads the page when it is a chunk the running server no longer has, or calls
 * `retry` once the server is back when it could not be reached.
 */
export async function recoverFromChunkError(error: unknown, retry: () => void): Promise<void> {
  if (!isChunkLoadError(error)) return;
  if (!(await serverAnswers())) return onceBack(retry);
  // It answers: whatever reported it down (the failed chunk itself) was wrong, and the banner goes.
  reportReachable();
  reloadForNewVersion();
}

function reloadForNewVersion(): void {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < RELOAD_GAP_MS) return;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  window.location.reload();
}
