// SPEC 4 "Loading and live connection": after an upload the portal's data is refetched at once
// and again after 100, 300 and 600 ms; "other refetch follow-ups are staggered at 5 to 500 ms".
// The other follow-ups are the broker's: every change a broker makes refreshes their screens at
// once and then again at these steps, so a screen that was still settling (a list mid-render, a
// dialog that closed onto it) ends on the newest data. Every broker write goes through
// refreshBrokerData (query-keys.ts), which calls this, so the schedule lives only here.
import type { QueryClient, QueryKey } from "@tanstack/react-query";

/** The follow-ups of a broker's change, after the refetch made at once: from 5 to 500 ms. */
export const FOLLOW_UP_MS = [5, 100, 500] as const;

/** Runs `refresh` at once and again after each delay (ms). */
export function refreshOnSchedule(refresh: () => void, delays: readonly number[]): void {
  refresh();
  for (const delay of delays) setTimeout(refresh, delay);
}

/**
 * Refetches every cached query under each prefix at once, on screen or not (a screen shown again
 * later is never refetched, SPEC 9, so it must not keep the old state), then follows up on
 * FOLLOW_UP_MS for what is on screen. A follow-up that lands while a fetch of the same query is
 * still under way joins it instead of cancelling it, so the follow-ups never cost a cancelled request.
 */
export function refreshWithFollowUps(queryClient: QueryClient, prefixes: readonly QueryKey[]): void {
  let first = true;
  refreshOnSchedule(() => {
    const cancelRefetch = first;
    const refetchType = first ? "all" : "active";
    first = false;
    for (const queryKey of prefixes) void queryClient.invalidateQueries({ queryKey, refetchType }, { cancelRefetch });
  }, FOLLOW_UP_MS);
}
