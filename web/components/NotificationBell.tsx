// The notification bell of the admin header: badge, menu, empty state, Mark all read, relative
// times. Data comes from useNotifications; the caller decides what opening a notification does.
import { Dialog, DialogTrigger, Heading, Link, Popover } from "react-aria-components";
import { useState } from "react";
import type { NotificationItem } from "../features/notifications/api";
import { BellButton } from "./BellButton";
import { MarkAllReadButton, NotificationEntry } from "./NotificationParts";

export const SHOWN_IN_MENU = 5;

export interface NotificationBellProps {
  notifications: NotificationItem[];
  unreadCount: number;
  isLoading?: boolean;
  isMarkingAll: boolean;
  onMarkAllRead(): void;
  /** Marks it read; returns true when the menu should close (it opened something). */
  onOpen(item: NotificationItem): boolean | void;
  /** Where "View all notifications" goes (the broker's full page). */
  viewAllHref: string;
}

export function NotificationBell({ notifications, unreadCount, isLoading, isMarkingAll, onMarkAllRead, onOpen, viewAllHref }: NotificationBellProps) {
  const [isOpen, setOpen] = useState(false);
  const now = new Date();
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <BellButton unreadCount={unreadCount} />
      <Popover
        placement="bottom end"
        offset={6}
        className="w-80 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white shadow-lg outline-none"
      >
        <Dialog className="flex max-h-96 flex-col outline-none">
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
            <Heading slot="title" className="py-1 font-semibold">
              Notifications
            </Heading>
            {unreadCount > 0 ? (
              <MarkAllReadButton onPress={onMarkAllRead} isMarkingAll={isMarkingAll} />
            ) : null}
          </div>
          {isLoading ? (
            <p className="px-4 py-8 text-center text-sm text-slate-500">Loading…</p>
          ) : notifications.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-slate-500">No notifications yet</p>
          ) : (
            <ul className="overflow-y-auto" aria-label="Latest notifications">
              {notifications.slice(0, SHOWN_IN_MENU).map((item) => (
                <li key={item.id}>
                  <NotificationEntry
                    item={item}
                    now={now}
                    onPress={() => {
                      if (onOpen(item)) setOpen(false);
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
          {notifications.length > SHOWN_IN_MENU ? (
            <Link
              href={viewAllHref}
              onPress={() => setOpen(false)}
              className="block min-h-11 border-t border-slate-200 px-4 py-3 text-center text-sm font-medium text-brand-700 underline-offset-2 outline-none data-focus-visible:ring-2 data-focus-visible:ring-brand-500 data-focus-visible:ring-inset data-hovered:underline"
            >
              View all notifications
            </Link>
          ) : null}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
