// Notifications for either side, with the polling and retry rules of SPEC sections 7 and 9.
// The broker's and the customer's differ only in their paths and the name of the read flag.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AnswerOf, ServedPath } from "@shared/api-routes";
import type { BrokerNotificationDto, CustomerNotificationDto } from "@shared/api-types";
import { ApiError, apiFetch } from "../../api/client";
import { audienceKey, type Audience, type ResourceKey } from "../../api/query-keys";

/** One notification as the lists show it: the broker's shape (the customer's calls its read flag isRead). */
export type NotificationItem = BrokerNotificationDto;

/** Whose notifications: the broker's, or the customer's behind one upload link. */
export type NotificationSource = Audience;

export const brokerNotificationSource: NotificationSource = { kind: "broker" };
export const customerNotificationSource = (uploadLink: string): NotificationSource => ({ kind: "customer", uploadLink });

const basePath = (source: NotificationSource) =>
  source.kind === "broker" ? "/api/notifications" : (`/api/upload/${encodeURIComponent(source.uploadLink)}/notifications` as const);

/** SPEC 9: notification lists are fresh for 5 minutes, polled every 30 s, refetched on focus and mount, retried 3 times. */
const LIST_TIMES = { staleTime: 5 * 60_000, refetchInterval: 30_000, refetchOnWindowFocus: true, refetchOnMount: true, retry: 3, retryDelay: 1_000 } as const;

/** ["notifications", "broker" | "customer", link?, …]: the live channel refreshes one audience's by prefix. */
export const notificationKeys = (source: NotificationSource) => {
  const all = ["notifications", ...audienceKey(source)] as const satisfies ResourceKey;
  return { all, list: [...all, "list"] as const, unread: [...all, "unread-count"] as const };
};

async function fetchOrExplain<Path extends ServedPath<"GET">>(path: Path, what: string, signal: AbortSignal): Promise<AnswerOf<"GET", Path>> {
  try {
    return await apiFetch(path, { signal });
  } catch (error) {
    if (error instanceof ApiError) throw new Error(`Failed to fetch ${what}: ${error.status}`);
    throw error;
  }
}

const normalise = (n: BrokerNotificationDto | CustomerNotificationDto): NotificationItem => ({
  id: n.id,
  type: n.type,
  title: n.title,
  message: n.message,
  createdAt: n.createdAt,
  read: "read" in n ? n.read : n.isRead,
  metadata: n.metadata,
});

export function useNotifications(source: NotificationSource, enabled: boolean, onMarkAllError?: () => void) {
  const queryClient = useQueryClient();
  const keys = notificationKeys(source);
  const base = basePath(source);
  const list = useQuery({
    queryKey: keys.list,
    queryFn: async ({ signal }) =>
      (await fetchOrExplain(base, "notifications", signal)).map(normalise),
    enabled,
    ...LIST_TIMES,
  });
  const unread = useQuery({
    queryKey: keys.unread,
    queryFn: async ({ signal }) => (await fetchOrExplain(`${base}/unread-count`, "unread count", signal)).count,
    enabled,
    staleTime: source.kind === "broker" ? 5 * 60_000 : 2 * 60_000,
    refetchInterval: 30_000,
  });

  const refetch = () => void queryClient.invalidateQueries({ queryKey: keys.all });
  // SPEC 4: the count goes down at once (never below 0), then both are fetched again.
  const decreaseCount = (by: number | "all") =>
    queryClient.setQueryData<number>(keys.unread, (count = 0) => (by === "all" ? 0 : Math.max(0, count - by)));

  const markRead = useMutation({
    mutationFn: (id: string) => apiFetch(`${base}/${id}/read`, { method: "POST" }),
    onMutate: () => decreaseCount(1),
    onSettled: refetch,
  });
  const markAllRead = useMutation({
    mutationFn: () => apiFetch(`${base}/mark-all-read`, { method: "POST" }),
    onMutate: () => decreaseCount("all"),
    // The broker side ignores a failure here silently (SPEC 8); the customer side says so.
    onError: () => onMarkAllError?.(),
    onSettled: refetch,
  });

  // Disabled (signed out), the side has no notifications, whatever was cached before.
  return {
    notifications: enabled ? (list.data ?? []) : [],
    isLoading: list.isPending && list.fetchStatus !== "idle",
    error: list.error,
    unreadCount: enabled ? (unread.data ?? 0) : 0,
    markRead: (item: NotificationItem) => {
      if (!item.read) markRead.mutate(item.id);
    },
    markAllRead: () => markAllRead.mutate(),
    isMarkingAll: markAllRead.isPending,
    refetch,
  };
}

/** The full notifications page's filter: every notification, or the unread ones. */
export type NotificationFilter = "all" | "unread";

/**
 * The broker's full list, a page (50) at a time, newest first: ["notifications", "broker",
 * "page", filter]. Under the broker's prefix, so live pushes and mark-read refresh it too.
 */
export function useNotificationPages(filter: NotificationFilter) {
  const keys = notificationKeys(brokerNotificationSource);
  return useInfiniteQuery({
    queryKey: [...keys.all, "page", filter] as const,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const query = new URLSearchParams({ filter });
      if (pageParam) query.set("before", pageParam);
      return (await fetchOrExplain(`/api/notifications?${query}`, "notifications", signal)).map(normalise);
    },
    getNextPageParam: (last) => (last.length >= PAGE_SIZE ? last[last.length - 1]!.createdAt : null),
    ...LIST_TIMES, // as the bell's list
  });
}

/** What the server sends per page (notifications/service.ts LIST_LIMIT). */
const PAGE_SIZE = 50;
