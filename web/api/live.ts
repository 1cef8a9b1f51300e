// The live channel (SPEC 7): a WebSocket to /ws on this host. Brokers connect 1 s after
// sign-in, customers at once; both reconnect 3 s after a close. Messages only say what
// changed; the matching queries are fetched again, so nothing shown skips authorisation.
// It refreshes by key prefix (see query-keys.ts), so it knows no feature's keys.
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { LiveUpdateType } from "@shared/api-types";
import { audienceKey, BROKER_DATA, invalidate, type Audience, type ResourceKey } from "./query-keys";

export const RECONNECT_MS = 3_000;
export const BROKER_CONNECT_DELAY_MS = 1_000;

// SPEC 7's lists, which name more than this server sends (older servers' names stay understood).
const NOTIFICATION_TYPES = new Set(["notification", "notification_created", "document_uploaded", "notification_update"]);
const UPDATE_TYPES = new Set([
  "customer_created", "customer_updated", "customer_deleted", "customer_list_refresh", "customer_data_changed",
  "all_data_refresh", "dashboard_metrics_update", "document_uploaded", "document_verified", "document_status_changed",
  "force_admin_refresh", "comprehensive_update", "customer_portal_update", "documents_requested", "document_recognised",
] as const);
/**
 * Every update the server sends (named by its domain event, src/features/live/model.ts) refreshes
 * data: one this list lacks is a type error here until it is listed.
 */
type EveryUpdateListed<Unlisted extends never> = Unlisted;
type LiveUpdatesRefresh = EveryUpdateListed<Exclude<LiveUpdateType, typeof UPDATE_TYPES extends Set<infer Listed> ? Listed : never>>;

export type LiveTarget = Audience;

/** This side's notifications: the list and the unread count. */
const notificationsOf = (target: LiveTarget): ResourceKey => ["notifications", ...audienceKey(target)];

/** Everything else this side shows: all the broker's data, or what the upload link opens. */
const dataOf = (target: LiveTarget): readonly ResourceKey[] =>
  target.kind === "broker" ? BROKER_DATA : [["portal", target.uploadLink]];

/** What one message means for the cached data of this side. Malformed messages are ignored. */
export function applyLiveMessage(queryClient: QueryClient, target: LiveTarget, raw: string): void {
  let message: { type?: string; updateType?: string };
  try {
    message = JSON.parse(raw);
  } catch {
    return;
  }
  if (!message || typeof message.type !== "string") return;
  // On every (re)connection: whatever changed while no socket was open was not pushed, so
  // everything this side shows is fetched once again.
  const type = message.type === "auth_success" ? "force_refresh" : message.type;
  if (NOTIFICATION_TYPES.has(type) || NOTIFICATION_TYPES.has(message.updateType ?? "") || type === "force_refresh") {
    invalidate(queryClient, notificationsOf(target));
  }
  const update = type === "force_refresh" || (type === "data_update" && (UPDATE_TYPES as ReadonlySet<string>).has(message.updateType ?? ""));
  // Every cached screen of this side, on screen or not (invalidate says why).
  if (update) invalidate(queryClient, ...dataOf(target));
}

/**
 * Keeps the live channel open for `target`. A broker's auth message names the user id (SPEC 7);
 * the server trusts only the session cookie and ignores the id.
 *
 * `identity` is who the page is signed in as (the broker's user id; a customer's account, or
 * "guest"). The server reads the session cookie once, when the socket opens, so when the identity
 * changes (a customer signs in, signs up or signs out inside the portal) the socket is opened
 * again: otherwise it would go on hearing only what the old identity was allowed to.
 */
export function useLiveChannel(target: LiveTarget | null, identity?: string): void {
  const queryClient = useQueryClient();
  const userId = target?.kind === "broker" ? identity : undefined;
  const key = target ? (target.kind === "broker" ? `broker:${identity}` : `customer:${target.uploadLink}:${identity ?? "guest"}`) : null;
  useEffect(() => {
    if (!target) return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const connect = () => {
      const scheme = window.location.protocol === "https:" ? "wss" : "ws";
      socket = new WebSocket(`${scheme}://${window.location.host}/ws`);
      socket.onopen = () =>
        socket?.send(JSON.stringify(target.kind === "broker" ? { type: "auth", userId } : { type: "customer_auth", uploadLink: target.uploadLink }));
      socket.onmessage = (event) => applyLiveMessage(queryClient, target, String(event.data));
      socket.onclose = () => {
        if (!stopped) timer = setTimeout(connect, RECONNECT_MS);
      };
    };
    timer = setTimeout(connect, target.kind === "broker" ? BROKER_CONNECT_DELAY_MS : 0);
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the target is identified by its key
  }, [key, queryClient]);
}
