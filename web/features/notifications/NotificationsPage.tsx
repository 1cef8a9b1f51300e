// The broker's full notifications page ("View all notifications"): every notification, newest
// first, filtered to the unread ones on request, each marked read when opened or with its own
// button, and all at once with Mark all read.
import { BellOff } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { MarkAllReadButton, NotificationEntry } from "../../components/NotificationParts";
import { Button } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { Spinner } from "../../components/ui/Spinner";
import { cx } from "../../components/ui/cx";
import { brokerNotificationSource, useNotificationPages, useNotifications, type NotificationFilter, type NotificationItem } from "./api";

const FILTERS: { id: NotificationFilter; label: string }[] = [
  { id: "all", label: "All" },
  { id: "unread", label: "Unread" },
];

export function NotificationsPage() {
  const [filter, setFilter] = useState<NotificationFilter>("all");
  const navigate = useNavigate();
  const bell = useNotifications(brokerNotificationSource, true);
  const pages = useNotificationPages(filter);
  const items = pages.data?.pages.flat() ?? [];
  const now = new Date();

  const open = (item: NotificationItem) => {
    bell.markRead(item);
    const customerId = item.metadata?.customerId;
    if (typeof customerId === "string") navigate(`/customer/${customerId}`);
  };

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">Notifications</h1>
          <p className="mt-1 text-slate-600" aria-live="polite">
            {bell.unreadCount === 0 ? "You are all caught up." : `${bell.unreadCount} unread`}
          </p>
        </div>
        {bell.unreadCount > 0 ? <MarkAllReadButton onPress={bell.markAllRead} isMarkingAll={bell.isMarkingAll} /> : null}
      </header>

      <div role="group" aria-label="Show" className="flex gap-2">
        {FILTERS.map((f) => (
          <Button
            key={f.id}
            variant={filter === f.id ? "primary" : "secondary"}
            size="sm"
            aria-pressed={filter === f.id}
            onPress={() => setFilter(f.id)}
          >
            {f.label}
          </Button>
        ))}
      </div>

      <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
        {pages.isPending ? (
          <Spinner label="Loading notifications" className="w-full py-12" />
        ) : pages.error ? (
          <p role="alert" className="px-4 py-8 text-center text-sm text-red-700">
            {pages.error.message}
          </p>
        ) : items.length === 0 ? (
          <EmptyState icon={<BellOff />} title={filter === "unread" ? "No unread notifications" : "No notifications yet"}>
            {filter === "unread" ? "Everything has been read." : "You will see your customers' uploads here."}
          </EmptyState>
        ) : (
          <ul aria-label={filter === "unread" ? "Unread notifications" : "All notifications"}>
            {items.map((item) => (
              <li key={item.id} className={cx("flex items-stretch border-b border-slate-100 last:border-b-0")}>
                <div className="min-w-0 flex-1">
                  <NotificationEntry item={item} now={now} onPress={() => open(item)} />
                </div>
                {item.read ? null : (
                  <Button variant="link" size="sm" className="shrink-0 self-center" onPress={() => bell.markRead(item)} aria-label={`Mark read: ${item.title}`}>
                    Mark read
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {pages.hasNextPage ? (
        <Button variant="secondary" className="self-center" onPress={() => void pages.fetchNextPage()} isPending={pages.isFetchingNextPage}>
          {pages.isFetchingNextPage ? "Loading..." : "Show older notifications"}
        </Button>
      ) : null}
    </section>
  );
}
