// What both bells draw alike: the admin header's menu (NotificationBell) and the customer
// portal's panel. Kept apart from the menu so the portal's first load stays small.
import { Bell } from "lucide-react";
import { unreadBadge } from "@shared/format";
import { notificationTime } from "@shared/relative-time";
import type { NotificationItem } from "../features/notifications/api";
import { Button, type ButtonProps } from "./ui/Button";
import { cx } from "./ui/cx";

/**
 * The bell, badged with the unread count, 9+ above 9 (SPEC 4). Its spoken name says what the badge
 * shows ("9+"): what a voice-control user reads on screen is what they say to press it.
 */
export function BellButton({ unreadCount, ...props }: { unreadCount: number } & Omit<ButtonProps, "variant" | "size" | "className" | "children">) {
  const badge = unreadBadge(unreadCount);
  return (
    <Button variant="ghost" size="icon" aria-label={badge ? `Notifications, ${badge} unread` : "Notifications"} className="relative" {...props}>
      <Bell aria-hidden="true" className="size-5" />
      {badge ? (
        <span
          aria-hidden="true"
          className="absolute top-1 right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold text-white"
        >
          {badge}
        </span>
      ) : null}
    </Button>
  );
}

export function MarkAllReadButton({ onPress, isMarkingAll }: { onPress: () => void; isMarkingAll: boolean }) {
  return (
    <Button variant="link" size="sm" onPress={onPress} isDisabled={isMarkingAll}>
      {isMarkingAll ? "Marking..." : "Mark all read"}
    </Button>
  );
}

/** One notification: unread mark, title, message and how long ago; pressing it opens it. */
export function NotificationEntry({ item, now, onPress }: { item: NotificationItem; now: Date; onPress: () => void }) {
  return (
    <button
      type="button"
      onClick={onPress}
      className={cx(
        "flex w-full flex-col gap-0.5 border-b border-slate-100 px-4 py-3 text-left outline-none last:border-b-0",
        "hover:bg-slate-50 focus-visible:bg-slate-100 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500",
        item.read ? "text-slate-600" : "bg-brand-50/40 text-slate-900",
      )}
    >
      <span className="flex items-center gap-2 text-sm font-medium">
        {item.read ? null : (
          <>
            <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-brand-600" />
            <span className="sr-only">Unread: </span>
          </>
        )}
        {item.title}
      </span>
      <span className="text-sm">{item.message}</span>
      <span className="text-xs text-slate-500">{notificationTime(item.createdAt, now)}</span>
    </button>
  );
}
