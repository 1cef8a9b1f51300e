// What both bells' lists draw alike: the admin header's menu (NotificationBell) and the customer
// portal's panel. Kept apart from the menu so the portal's first load stays small; the bell
// itself is BellButton.tsx (the portal's header shows it at once, its list only when opened).
import { notificationTime } from "@shared/relative-time";
import type { NotificationItem } from "../features/notifications/api";
import { Button, type ButtonProps } from "./ui/Button";
import { cx } from "./ui/cx";

/** The words the lists draw: the broker's bell keeps SPEC's English; the portal passes its language's. */
export interface NotificationWords {
  markAllRead: string;
  marking: string;
  /** Before an unread entry's title, for screen readers. */
  unread: string;
  time: (createdAt: string, now: Date) => string;
}

const ENGLISH: NotificationWords = { markAllRead: "Mark all read", marking: "Marking...", unread: "Unread: ", time: (createdAt, now) => notificationTime(createdAt, now) };

export function MarkAllReadButton({ onPress, isMarkingAll, words = ENGLISH }: { onPress: () => void; isMarkingAll: boolean; words?: NotificationWords }) {
  return (
    <Button variant="link" size="sm" onPress={onPress} isDisabled={isMarkingAll}>
      {isMarkingAll ? words.marking : words.markAllRead}
    </Button>
  );
}

/** One notification: unread mark, title, message and how long ago; pressing it opens it. */
export function NotificationEntry({ item, now, onPress, words = ENGLISH }: { item: NotificationItem; now: Date; onPress: () => void; words?: NotificationWords }) {
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
            <span className="sr-only">{words.unread}</span>
          </>
        )}
        {item.title}
      </span>
      <span className="text-sm">{item.message}</span>
      <span className="text-xs text-slate-500">{words.time(item.createdAt, now)}</span>
    </button>
  );
}
