// The bell both headers show: the admin header's menu (NotificationBell) and the customer
// portal's header. Its own file: the portal's first load takes the bell, not the list's parts.
import { Bell } from "lucide-react";
import { unreadBadge } from "@shared/format";
import { Button, type ButtonProps } from "./ui/Button";

/**
 * The bell, badged with the unread count, 9+ above 9 (SPEC 4). Its spoken name says what the badge
 * shows ("9+"): what a voice-control user reads on screen is what they say to press it.
 */
export function BellButton({
  unreadCount,
  label = (badge) => (badge ? `Notifications, ${badge} unread` : "Notifications"),
  ...props
}: {
  unreadCount: number;
  /** Its spoken name for a badge (null: none); the portal's is in the customer's language. */
  label?: (badge: string | null) => string;
} & Omit<ButtonProps, "variant" | "size" | "className" | "children">) {
  const badge = unreadBadge(unreadCount);
  return (
    <Button variant="ghost" size="icon" aria-label={label(badge)} className="relative" {...props}>
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
