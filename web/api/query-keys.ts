// Query keys are hierarchical and start with the resource the data belongs to:
//   ["customers", "list"], ["customers", id], ["customers", id, "document-limit"],
//   ["dashboard", "metrics"], ["notifications", "broker", "unread-count"], ["portal", link],
//   ["signing", token] (another signer's link) …
// Each feature's api.ts builds its own keys under one of these roots. Code that must refresh
// data it does not own (the live channel, a change that several screens show) invalidates by
// root or by entity prefix, so it never needs to know, or import, another feature's keys.
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { refreshWithFollowUps } from "./follow-ups";

export type Resource =
  | "auth"
  | "customers"
  | "dashboard"
  | "integrations"
  | "demo"
  | "documents"
  | "files"
  | "notifications"
  | "portal"
  | "profile"
  | "signing"
  | "site"
  | "subscription"
  | "templates"
  | "workspace";

/** A query key: its resource, then whatever narrows it (ids, sub-resources, plain strings only). */
export type ResourceKey = readonly [Resource, ...(string | number)[]];

/**
 * Refetches every cached query under each prefix, on screen or not. Cached data is never
 * refetched when a screen is shown again (SPEC 9: refetchOnMount off), so a screen not on screen
 * during a change must be brought up to date now, or going back to it would show the old state.
 */
export function invalidate(queryClient: QueryClient, ...prefixes: readonly ResourceKey[]): void {
  for (const queryKey of prefixes) void queryClient.invalidateQueries({ queryKey, refetchType: "all" });
}

/**
 * What a broker's screens show. A change to a customer or a document can move any of it
 * (metrics, lists, one customer, the plan's usage), so every such change refreshes all of it,
 * the signed-in user included (SPEC 7 "Cache refreshed after payment or changes" names
 * /api/auth/user). Files and notifications are not data of this kind: a file's bytes never
 * change, and notifications have their own pushes and polling.
 */
export const BROKER_DATA: readonly ResourceKey[] = [["customers"], ["dashboard"], ["documents"], ["subscription"], ["auth", "user"]];

export const refreshBrokerData = (queryClient: QueryClient) => refreshWithFollowUps(queryClient, BROKER_DATA);

/** A broker's write: once it succeeds, everything the broker's screens show is fetched again. */
export function useBrokerMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshBrokerData(queryClient) });
}

/** Whose data a screen shows: the signed-in broker's, or what one upload link opens. */
export type Audience = { kind: "broker" } | { kind: "customer"; uploadLink: string };

/** The part of a key that says whose data it is, e.g. ["notifications", ...audienceKey(a), "list"]. */
export const audienceKey = (audience: Audience): [string, ...string[]] =>
  audience.kind === "broker" ? ["broker"] : ["customer", audience.uploadLink];
