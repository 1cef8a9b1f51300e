// The notification bell of both headers (admin shell and customer portal): badge, menu, empty
// state, Mark all read, relative times. Data comes from useNotifications; the caller decides
// what opening a notification does.
import { Bell } from "lucide-react";
import { Dialog, DialogTrigger, Heading, Popover } from "react-aria-components";
import { useState } from "react";
import { unreadBadge } from "@shared/format";
import { notificationTime } from "@shared/relative-time";
import type { NotificationItem } from "../features/notifications/api";
import { Button } from "./ui/Button";
import { cx } from "./ui/cx";

export const SHOWN_IN_MENU = 5;


export interface NotificationBellProps {
  notifications: NotificationItem[];
  unreadCount: number;
  isLoading?: boolean;
  isMarkingAll: boolean;
  onMarkAllRead(): void;
  /** Marks it read; returns true when the menu should close (it opened something). */
  onOpen(item: NotificationItem): boolean | void;
}

export function NotificationBell({ notifications, unreadCount, isLoading, isMarkingAll, onMarkAllRead, onOpen }: NotificationBellProps) {
  const [isOpen, setOpen] = useState(false);
  const now = new Date();
  const label = unreadCount > 0 ? `Notifications, ${unreadCount} unread` : "Notifications";
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button variant="ghost" size="icon" aria-label={label} className="relative">
        <Bell aria-hidden="true" className="size-5" />
        {unreadCount > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs leading-5 font-semibold text-white"
          >
            {unreadBadge(unreadCount)}
          </span>
        ) : null}
      </Button>
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
              <Button variant="link" size="sm" onPress={onMarkAllRead} isDisabled={isMarkingAll}>
                {isMarkingAll ? "Marking..." : "Mark all read"}
              </Button>
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
                  <button
                    type="button"
                    onClick={() => {
                      if (onOpen(item)) setOpen(false);
                    }}
                    className={cx(
                      "flex w-full flex-col gap-0.5 border-b border-slate-100 px-4 py-3 text-left outline-none last:border-b-0",
                      "hover:bg-slate-50 focus-visible:bg-slate-100",
                      item.read ? "text-slate-600" : "bg-brand-50/40 text-slate-900",
                    )}
                  >
                    <span className="flex items-center gap-2 text-sm font-medium">
                      {!item.read ? <span className="size-2 shrink-0 rounded-full bg-brand-600" aria-label="Unread" /> : null}
                      {item.title}
                    </span>
                    <span className="text-sm">{item.message}</span>
                    <span className="text-xs text-slate-500">{notificationTime(item.createdAt, now)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {notifications.length > SHOWN_IN_MENU ? (
            // SPEC: the entry exists; what it opens is not specified, so it says what it would show.
            <p className="border-t border-slate-200 px-4 py-2 text-center text-sm text-slate-500">
              View all notifications ({notifications.length})
            </p>
          ) : null}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
